/**
 * The Explain trace recorder (STYLE.md §8.6). Every rule reports its verdict and numbers here; the
 * overlay, `--explain` and the evaluation read the result. When tracing is off, `decide` is a no-op, so
 * recording costs nothing in normal extraction; timings are always kept (they are part of `Article`).
 */
import type { Steps, StageSteps } from './slicing.ts';
import type { Decision, Method, NodeRef, StepRecord, Verdict } from './types.ts';

export interface DecisionInput {
  readonly rule: string;
  readonly verdict: Verdict;
  readonly target?: NodeRef | undefined;
  readonly numbers?: Readonly<Record<string, number>>;
  readonly note?: string | undefined;
}

/** A number as the trace records it: rounded to three decimals, so explain output and golden files stay readable. */
export function traceNumber(n: number): number {
  return Math.round(n * 1000) / 1000;
}

export class Trace {
  readonly decisions: Decision[] = [];
  readonly steps: StepRecord[] = [];

  constructor(
    readonly enabled: boolean,
    private readonly timer: () => number,
    /** Upper bound on recorded decisions, so a hostile page cannot grow the trace without limit. */
    private readonly maxDecisions: number,
  ) {}

  /**
   * Records one decision. A decision whose target or note costs work to write (a CSS path reads the
   * element's ancestors and siblings) is passed as a function, called only when the trace records it.
   */
  decide(method: Method, decision: DecisionInput | (() => DecisionInput)): void {
    if (!this.enabled || this.decisions.length >= this.maxDecisions) return;
    const input = typeof decision === 'function' ? decision() : decision;
    const recorded: Decision = {
      method,
      rule: input.rule,
      verdict: input.verdict,
      numbers: input.numbers ?? {},
      ...(input.target ? { target: input.target } : {}),
      ...(input.note ? { note: input.note } : {}),
    };
    this.decisions.push(recorded);
  }

  /**
   * Runs one pipeline stage and records its duration: the time spent in the stage itself, without the
   * pauses of a sliced run. At every checkpoint of the stage it yields the stage's name.
   */
  *step<T>(method: Method, name: string, work: Steps<T>): StageSteps<T> {
    let ms = 0;
    try {
      for (;;) {
        const start = this.timer();
        let r: IteratorResult<void, T>;
        try {
          r = work.next();
        } finally {
          ms += this.timer() - start;
        }
        if (r.done) return r.value;
        yield name;
      }
    } finally {
      this.steps.push({ method, name, ms });
    }
  }

  timings(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const s of this.steps) out[s.name] = Math.round((out[s.name] ?? 0) * 1000 + s.ms * 1000) / 1000;
    return out;
  }
}
