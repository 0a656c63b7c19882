/**
 * A page cannot loop happy-dom's event dispatch (issue 16 "a page can hang the tab", found by the
 * clobbering fuzz in the dom engine). happy-dom's `Event.composedPath` climbs `target.parentNode` and,
 * past the document, asks the window for its `parentNode` too — and happy-dom's window answers that by
 * named access with the element whose id is "parentNode". On a page holding `<p id="parentNode">` the
 * path of `readystatechange` (dispatched after parsing) went element → … → document → window → element →
 * … for ever, growing one array until V8 aborted the whole process. Browsers end the path at the window.
 *
 * The replacement keeps happy-dom's order and rules (shadow hosts for composed events, the window after
 * the document except for `load`) but reads each node's parent from happy-dom's internal field (what the
 * `parentNode` getter returns, which no named control or id can shadow), ends at the window, and never
 * visits a target twice. Installed once per process by the dom engine; when happy-dom's internals move,
 * it changes nothing and says so (test/node/bounded-event-path.test.ts then fails).
 */
import { Event as HappyEvent, PropertySymbol } from 'happy-dom';

/** What the walk reads of an event target: happy-dom's internal fields behind its public getters. */
interface Target {
  readonly [PropertySymbol.parentNode]?: Target | null;
  readonly [PropertySymbol.nodeType]?: number;
  readonly [PropertySymbol.window]?: Target;
  readonly [PropertySymbol.host]?: Target | null;
}

interface InternalEvent {
  readonly [PropertySymbol.target]: Target | null;
  readonly [PropertySymbol.type]: string;
  readonly [PropertySymbol.composed]: boolean;
}

const DOCUMENT_NODE = 9;
const DOCUMENT_FRAGMENT_NODE = 11;

let installed: boolean | null = null;

/** Replaces `Event.prototype.composedPath`. Idempotent; false (nothing changed) when the internals moved. */
export function installBoundedEventPath(): boolean {
  if (installed !== null) return installed;
  const proto = HappyEvent.prototype as unknown as Record<string, unknown>;
  const symbols = [
    PropertySymbol.parentNode,
    PropertySymbol.nodeType,
    PropertySymbol.window,
    PropertySymbol.host,
    PropertySymbol.target,
    PropertySymbol.type,
    PropertySymbol.composed,
  ];
  if (!symbols.every((s) => typeof s === 'symbol') || typeof proto['composedPath'] !== 'function') {
    process.emitWarning("happy-dom internals have moved: the dom engine keeps happy-dom's own Event.composedPath");
    installed = false;
    return false;
  }
  Object.defineProperty(proto, 'composedPath', {
    configurable: true,
    writable: true,
    value: function composedPath(this: InternalEvent): Target[] {
      return boundedPath(this);
    },
  });
  installed = true;
  return true;
}

/** The event's path from its target up to the window, each target once. */
export function boundedPath(event: InternalEvent): Target[] {
  const path: Target[] = [];
  const seen = new Set<Target>();
  let target = event[PropertySymbol.target];
  while (target && !seen.has(target)) {
    seen.add(target);
    path.push(target);
    const type = target[PropertySymbol.nodeType];
    const parent = target[PropertySymbol.parentNode];
    if (parent) target = parent;
    else if (event[PropertySymbol.composed] && type === DOCUMENT_FRAGMENT_NODE && target[PropertySymbol.host])
      target = target[PropertySymbol.host] ?? null;
    else if (type === DOCUMENT_NODE && event[PropertySymbol.type] !== 'load') target = target[PropertySymbol.window] ?? null;
    else break;
  }
  return path;
}
