/**
 * DOM clobbering for the tests. In a browser a `<form>` has a named property for each of its controls
 * (`form.parentElement` is `<input name=parentElement>`), and so has the document for its named `<img>`,
 * `<form>`, `<embed>` and `<object>` elements (`document.body` is `<img name=body>`); both are
 * [LegacyOverrideBuiltIns], so these shadow the DOM's own properties. happy-dom, linkedom and jsdom
 * implement neither (checked: `form.parentElement` stays the parent, `document.body` the body), so the
 * unit tests emulate it: `emulateClobbering` gives each form and the document an own property per name,
 * as Chromium's named-property interceptors do, for every caller but the library's own code (which in a
 * browser is C++ and never sees them). The real thing is tested in Chromium (CLI and e2e).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CLOBBER_DIR = fileURLToPath(new URL('../fixtures/clobber/', import.meta.url));

/** The hand-written hostile pages of test/fixtures/clobber/ (clean.html is the same article, unclobbered). */
export const CLOBBER_PAGES = ['form-wraps-page.html', 'sibling-cycle.html', 'parent-loop.html', 'document-names.html'] as const;

export function readClobberPage(name: string): string {
  return readFileSync(`${CLOBBER_DIR}${name}`, 'utf8');
}

/** The article every page of test/fixtures/clobber/ holds. */
export const CLOBBER_ARTICLE = {
  title: 'Harbour ferry returns after a winter of repairs',
  author: 'Maria Lopez',
  day: '2021-03-12',
  paragraphs: [
    'The harbour ferry, which had been out of service since November, carried its first passengers again on Friday morning, the port authority said.',
    'Engineers replaced the propeller shaft, rebuilt both engines and repainted the hull, a job that took longer than planned because of the storms in January.',
    'Regular commuters, many of whom had driven around the bay for four months, said the crossing now takes twelve minutes instead of forty.',
    'The operator will run a reduced timetable for the first two weeks, with a boat every half hour, before the summer service begins in April.',
  ],
} as const;

/**
 * Element properties and methods a form control's name can shadow, each of which some walk of the core
 * (or of the probes) reads: one hidden input with any of these names must change nothing.
 */
export const ELEMENT_NAMES = [
  'parentElement',
  'parentNode',
  'nextSibling',
  'previousSibling',
  'firstChild',
  'lastChild',
  'firstElementChild',
  'lastElementChild',
  'nextElementSibling',
  'previousElementSibling',
  'children',
  'childNodes',
  'localName',
  'tagName',
  'nodeName',
  'nodeType',
  'getAttribute',
  'getAttributeNames',
  'hasAttribute',
  'hasAttributes',
  'attributes',
  'textContent',
  'className',
  'id',
  'querySelector',
  'querySelectorAll',
  'contains',
  'closest',
  'ownerDocument',
  'getBoundingClientRect',
] as const;

/** The article of clean.html inside a `<form>` that holds one hidden input named `name`. */
export function pageWithOneInput(name: string): string {
  return readClobberPage('clean.html')
    .replace(
      '<article class="story">',
      `<form id="f" action="/post"><input type="hidden" name="${name}" value="">\n<article class="story">`,
    )
    .replace('</article>', '</article></form>');
}

const LISTED = 'button, fieldset, input, object, output, select, textarea';
/** Elements the document names by their name attribute (HTML "Document named properties"). */
const DOCUMENT_NAMED = 'img[name], form[name], embed[name], object[name], object[id], img[id][name]';

/**
 * Gives every form an own property per name or id of its controls (their `form` attribute included) and
 * the document one per named img/form/embed/object, returning the element (the first, when several share
 * a name). Returns how many properties it defined. Properties a DOM library keeps as own data fields
 * (linkedom's `parentNode`, `localName`, `nodeType`, `ownerDocument`) are left alone: overwriting them
 * would break the library itself, which a browser's named properties never do. (happy-dom's form is a
 * Proxy whose named items never win over a property `in` it, and which binds methods to the instance as
 * they are read; a property defined through it wins, as in a browser.)
 */
export function emulateClobbering(doc: Document): number {
  const plans: { target: object; name: string; value: Element }[] = [];
  for (const form of doc.querySelectorAll('form')) {
    const id = form.getAttribute('id');
    const owned = [...form.querySelectorAll(LISTED)].filter((c) => !c.hasAttribute('form'));
    if (id) owned.push(...[...doc.querySelectorAll(LISTED)].filter((c) => c.getAttribute('form') === id));
    for (const control of owned) {
      for (const attr of ['name', 'id']) {
        const name = control.getAttribute(attr);
        if (name) plans.push({ target: form, name, value: control });
      }
    }
  }
  for (const el of doc.querySelectorAll(DOCUMENT_NAMED)) {
    for (const attr of ['name', 'id']) {
      const name = el.getAttribute(attr);
      if (name) plans.push({ target: doc, name, value: el });
    }
  }
  let defined = 0;
  for (const { target, name, value } of plans) {
    const own = Object.getOwnPropertyDescriptor(target, name);
    // The first element of a name wins; a library's own data field (not a method happy-dom bound to the
    // instance) is left alone.
    if (own && (own.get || typeof own.value !== 'function')) continue;
    Object.defineProperty(target, name, {
      get(this: object) {
        return calledByTheLibrary() ? builtIn(this, name) : value;
      },
      configurable: true,
      enumerable: false,
    });
    defined++;
  }
  return defined;
}

const LIBRARY = /\/node_modules\/(?:happy-dom|linkedom)\//;
/** happy-dom's form is a Proxy: its `get` trap stands between every caller and the property. */
const FORM_PROXY_TRAP = /^\s*at Object\.get \(.*\/happy-dom\/lib\/nodes\/html-form-element\/HTMLFormElement\.js/;

/**
 * True when the DOM library itself reads the property (happy-dom's `id` getter calls `this.getAttribute`,
 * linkedom's document calls `this.createElement`): a browser's own code never sees named properties, only
 * scripts do, so the library gets the built-in and everything else — the core — gets the element.
 */
function calledByTheLibrary(): boolean {
  // Frames: "Error", this function, the getter, then its caller.
  const frames = (new Error().stack ?? '').split('\n').slice(3);
  const caller = frames.find((f) => !FORM_PROXY_TRAP.test(f));
  return caller !== undefined && LIBRARY.test(caller);
}

/** The built-in value of `name` for `obj`: its prototypes' getter called on it, or their method. */
function builtIn(obj: object, name: string): unknown {
  for (let p = Object.getPrototypeOf(obj) as object | null; p; p = Object.getPrototypeOf(p) as object | null) {
    const d = Object.getOwnPropertyDescriptor(p, name);
    if (d) return d.get ? d.get.call(obj) : d.value;
  }
  return undefined;
}
