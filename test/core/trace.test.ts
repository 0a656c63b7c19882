/** The Explain trace recorder: what it keeps, and that a decision written lazily costs nothing when it is off. */
import { describe, expect, it } from 'vitest';
import { Trace } from '../../src/core/trace.ts';
import type { DecisionInput } from '../../src/core/trace.ts';

const DECISION: DecisionInput = {
  rule: '1.5-descend',
  verdict: 'keep',
  target: { selector: 'html > body > div', preview: 'text' },
  numbers: { ratio: 0.5 },
  note: 'why',
};

describe('Trace.decide', () => {
  it('records a decision given as an object or as a function, the same way', () => {
    const trace = new Trace(true, () => 0, 10);
    trace.decide('title-anchor', DECISION);
    trace.decide('title-anchor', () => DECISION);
    expect(trace.decisions).toHaveLength(2);
    expect(trace.decisions[1]).toEqual(trace.decisions[0]);
    expect(trace.decisions[0]).toEqual({ method: 'title-anchor', ...DECISION });
  });

  it('does not call a lazy decision when tracing is off, or once the trace is full', () => {
    let calls = 0;
    const lazy = (): DecisionInput => {
      calls++;
      return DECISION;
    };
    const off = new Trace(false, () => 0, 10);
    off.decide('combine', lazy);
    expect(calls).toBe(0);
    expect(off.decisions).toHaveLength(0);
    const full = new Trace(true, () => 0, 1);
    full.decide('combine', lazy);
    full.decide('combine', lazy);
    expect(calls).toBe(1);
    expect(full.decisions).toHaveLength(1);
  });
});
