// @vitest-environment happy-dom
/**
 * Annotation mode's panel on a hand-made page: keyboard review (next, right, wrong), corrections picked
 * with the keyboard alone (↑ to widen, Enter to take) and typed, body blocks added and removed, and every
 * change handed to `save`.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { correctedBody } from '../../src/shared/annotation/body-correction.ts';
import type { AnnotationRecord } from '../../src/shared/annotation/record.ts';
import { newRecord } from '../../src/shared/annotation/record.ts';
import { hideOverlay, overlayHost, startAnnotating } from '../../src/overlay/index.ts';
import { ENGLISH_ANNOTATION_LABELS } from '../../src/overlay/annotate/labels.ts';
import { articleWithNoise, makeNoise, ref } from './noise-fixture.ts';
import { makeArticle } from '../extension/article-fixture.ts';

const PAGE = `
  <nav id="menu"><a href="/a">A</a><a href="/b">B</a></nav>
  <div id="story"><h1 id="title">Flood wall finished</h1>
    <p class="by">By <span id="author">Ann Lee</span> · <time id="when" datetime="2024-05-02T09:30">2 May</time></p>
    <p id="p1">The flood wall, two miles long, was finished on Thursday.</p>
    <p id="p2">It cost, in the end, less than planned.</p>
    <div id="share">Share this story</div>
  </div>
  <aside id="box"><p id="extra">An extra paragraph the extractor missed, long enough.</p></aside>`;

const NOW = new Date('2026-11-28T10:00:00Z');
let saved: AnnotationRecord[] = [];

function article() {
  const base = makeArticle();
  return articleWithNoise([makeNoise({ ref: ref('#menu', 'A B'), parts: [ref('#menu')], inBody: false, removed: false })], {
    title: 'Flood wall finished',
    author: null,
    anchors: { ...base.anchors, titleBlock: ref('#title', 'Flood wall finished'), bodyRoot: ref('#story'), date: ref('#when') },
    body: {
      ...base.body,
      text: 'The flood wall, two miles long, was finished on Thursday.\nIt cost, in the end, less than planned.\nShare this story',
    },
  });
}

function record(): AnnotationRecord {
  const a = article();
  return newRecord(
    'page-1',
    {
      url: 'http://127.0.0.1/story.html',
      lang: 'en',
      title: a.title,
      author: a.author,
      source: null,
      time: '2024-05-01',
      bodyText: a.body.text,
      noise: a.noise.map((n) => ({ kind: n.kind, ref: n.ref, inBody: n.inBody, removed: n.removed })),
    },
    NOW.toISOString(),
  );
}

const root = () => overlayHost(document)?.shadowRoot as ShadowRoot;
const panel = () => root().querySelector<HTMLElement>('.annotation-panel') as HTMLElement;
/**
 * An event as the browser makes it from the user's input: the panel refuses any other (the page's script can
 * reach it). happy-dom has no `isTrusted`; a browser sets it, and page script cannot.
 */
function trusted<E extends Event>(e: E, isTrusted = true): E {
  Object.defineProperty(e, 'isTrusted', { value: isTrusted });
  return e;
}
const key = (k: string, target: EventTarget = panel(), isTrusted = true) =>
  target.dispatchEvent(trusted(new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true, cancelable: true }), isTrusted));
const pageKey = (k: string, isTrusted = true) =>
  window.dispatchEvent(trusted(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }), isTrusted));
const change = (input: EventTarget, isTrusted = true) => input.dispatchEvent(trusted(new Event('change', { bubbles: true }), isTrusted));
const mouse = (target: EventTarget, type: string, init: MouseEventInit = {}, isTrusted = true) =>
  target.dispatchEvent(trusted(new MouseEvent(type, { bubbles: true, cancelable: true, ...init }), isTrusted));
const last = () => saved[saved.length - 1] as AnnotationRecord;
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};

async function start(annotated = article()) {
  saved = [];
  const session = await startAnnotating(document, annotated, record(), {
    labels: ENGLISH_ANNOTATION_LABELS,
    now: () => NOW,
    onClose: () => undefined,
    save: async (r) => {
      saved.push(r);
      return null;
    },
  });
  return session;
}

beforeEach(() => {
  document.body.innerHTML = PAGE;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(() => new DOMRect(0, 0, 100, 20));
});

afterEach(() => {
  hideOverlay(document);
  vi.restoreAllMocks();
});

describe('annotation panel', () => {
  test('lists page type, the four fields, the body and each noise block; the first item is current', async () => {
    await start();
    const items = [...panel().querySelectorAll('.item[data-item]')].map((el) => el.getAttribute('data-item'));
    expect(items).toEqual(['pageType', 'title', 'author', 'source', 'date', 'body', 'noise:0', 'done']);
    expect(panel().querySelector('[aria-current="true"]')?.getAttribute('data-item')).toBe('pageType');
    expect(panel().querySelector('[data-item="title"] q')?.textContent).toBe('Flood wall finished');
    expect(panel().querySelector('[data-item="author"] q')?.textContent).toBe('(none)');
    // The menu lies outside the body: the noise line says so (not "kept in the body").
    expect(panel().querySelector('[data-item="noise:0"] .kind')?.textContent).toBe('Link block · outside the body');
  });

  test('keyboard review: 1 sets the page type, J moves on, A says right, X wrong; each change is saved', async () => {
    await start();
    key('1');
    key('j');
    key('a');
    await settle();
    expect(last().pageType).toBe('article');
    expect(last().fields.title).toMatchObject({ verdict: 'right', value: 'Flood wall finished' });
    key('j');
    key('x');
    await settle();
    expect(last().fields.author.verdict).toBe('wrong');
    expect(panel().querySelector('[data-item="author"] input[data-input="value"]')).not.toBeNull();
    key('k');
    expect(panel().querySelector('[aria-current="true"]')?.getAttribute('data-item')).toBe('title');
    expect(saved.length).toBe(3);
    expect(panel().querySelector('.status')?.textContent).toMatch(/^3\/6 judged · Saved 10:00:00$/);
  });

  test('a correction picked with the keyboard alone: P starts at the field, ↑ widens, ↓ narrows, Enter takes', async () => {
    await start();
    key('j');
    key('j'); // author: extracted none
    key('p');
    // No extracted element for the author: the pick starts nowhere, so the pointer shows where to start.
    vi.spyOn(document, 'elementFromPoint').mockReturnValue(document.getElementById('author'));
    mouse(document, 'mousemove', { clientX: 5, clientY: 5 });
    expect(root().querySelector('.pick-hint')?.textContent).toMatch(/^span#author — /);
    pageKey('ArrowUp');
    expect(root().querySelector('.pick-hint')?.textContent).toMatch(/^p\.by — /);
    pageKey('ArrowDown');
    pageKey('Enter');
    await settle();
    expect(last().fields.author).toMatchObject({ verdict: 'wrong', value: 'Ann Lee', picked: { preview: 'Ann Lee' } });
    expect(last().fields.author.picked?.selector).toMatch(/author/);
  });

  test('a click while picking takes the element and never reaches the page; Esc cancels', async () => {
    await start();
    const clicked = vi.fn();
    document.addEventListener('click', clicked);
    key('j');
    key('j');
    key('j');
    key('j'); // date, picked from its <time>
    key('p');
    vi.spyOn(document, 'elementFromPoint').mockReturnValue(document.getElementById('when'));
    mouse(document.getElementById('when') as Element, 'click', { clientX: 1, clientY: 1 });
    await settle();
    expect(clicked).not.toHaveBeenCalled();
    expect(last().fields.date).toMatchObject({ verdict: 'wrong', value: '2024-05-02', datetime: '2024-05-02T09:30:00' });
    key('p');
    pageKey('Escape');
    await settle();
    expect(root().querySelector<HTMLElement>('.pick-hint')?.hidden).toBe(true);
    document.removeEventListener('click', clicked);
  });

  test("the page's own events (not trusted) change nothing: clicks, changes, keys, and a pick's moves, keys and click", async () => {
    await start();
    const untrusted = false;
    panel().querySelector<HTMLInputElement>('input[data-input="page-type"][value="index"]')?.click();
    for (const b of panel().querySelectorAll<HTMLElement>('button[data-action="accept"]')) b.click();
    const note = panel().querySelector<HTMLInputElement>('input[data-input="note"][data-item="title"]') as HTMLInputElement;
    note.value = 'forged';
    change(note, untrusted);
    const done = panel().querySelector<HTMLInputElement>('input[data-input="done"]') as HTMLInputElement;
    done.checked = true;
    change(done, untrusted);
    for (const k of ['1', 'j', 'a', 'x', 'n']) key(k, panel(), untrusted);
    await settle();
    expect(saved).toEqual([]);
    expect(panel().querySelector('[aria-current="true"]')?.getAttribute('data-item')).toBe('pageType');
    // A pick the annotator started: the page can neither move it, nor take it by key or click.
    key('j');
    key('j'); // author
    key('p');
    vi.spyOn(document, 'elementFromPoint').mockReturnValue(document.getElementById('p1'));
    mouse(document, 'mousemove', { clientX: 5, clientY: 5 }, untrusted);
    expect(root().querySelector('.pick-hint')?.textContent).not.toMatch(/^p#p1/);
    pageKey('Enter', untrusted);
    mouse(document.getElementById('p1') as Element, 'click', { clientX: 5, clientY: 5 }, untrusted);
    pageKey('Escape', untrusted);
    await settle();
    expect(root().querySelector<HTMLElement>('.pick-hint')?.hidden).toBe(false);
    expect(saved).toEqual([]);
    pageKey('Escape');
    expect(root().querySelector<HTMLElement>('.pick-hint')?.hidden).toBe(true);
  });

  test('a picked author loses its label as the extractor takes it off ("责任编辑: 于文凯" → "于文凯")', async () => {
    document.getElementById('story')?.insertAdjacentHTML('beforeend', '<p id="editor">责任编辑: 于文凯</p>');
    await start();
    key('j');
    key('j'); // author
    key('p');
    vi.spyOn(document, 'elementFromPoint').mockReturnValue(document.getElementById('editor'));
    mouse(document.getElementById('editor') as Element, 'click', { clientX: 1, clientY: 1 });
    await settle();
    expect(last().fields.author).toMatchObject({ verdict: 'wrong', value: '于文凯', picked: { preview: '责任编辑: 于文凯' } });
  });

  test('a date read from <meta>: the keyboard pick starts on an element the page draws (the title), not the <meta>', async () => {
    document.head.insertAdjacentHTML('beforeend', '<meta property="article:published_time" content="2024-05-02T09:30:00Z">');
    const meta = ref('meta[property="article:published_time"]');
    await start({ ...article(), anchors: { ...article().anchors, date: meta } });
    for (const k of ['j', 'j', 'j', 'j', 'p']) key(k); // date, picked
    expect(root().querySelector('.pick-hint')?.textContent).toMatch(/^h1#title — /);
    pageKey('Escape');
    document.head.querySelector('meta[property]')?.remove();
  });

  test('a typed date must read as one; a typed value is the right one', async () => {
    await start();
    key('j');
    key('j');
    key('j');
    key('j');
    key('e');
    const input = panel().querySelector<HTMLInputElement>('input[data-input="value"][data-item="date"]') as HTMLInputElement;
    input.value = 'no date here';
    change(input);
    expect(panel().querySelector('[data-item="date"] .problem')?.textContent).toBe('Not a date: "no date here"');
    const again = panel().querySelector<HTMLInputElement>('input[data-input="value"][data-item="date"]') as HTMLInputElement;
    again.value = '3 May 2024 14:05';
    change(again);
    await settle();
    expect(last().fields.date).toMatchObject({ verdict: 'wrong', value: '2024-05-03', datetime: '2024-05-03T14:05:00' });
    expect(panel().querySelector('[data-item="date"] .problem')).toBeNull();
  });

  test('the body corrected by picking: − removes the share line, + adds the missed paragraph after the body', async () => {
    await start();
    const pick = async (k: string, id: string) => {
      key(k);
      vi.spyOn(document, 'elementFromPoint').mockReturnValue(document.getElementById(id));
      mouse(document.getElementById(id) as Element, 'click');
      await settle();
    };
    await pick('-', 'share');
    await pick('+', 'extra');
    expect(last().body.verdict).toBe('wrong');
    expect(correctedBody(last().body)).toBe(
      'The flood wall, two miles long, was finished on Thursday.\nIt cost, in the end, less than planned.\nAn extra paragraph the extractor missed, long enough.',
    );
    expect(root().querySelectorAll('.mark.added, .mark.removed')).toHaveLength(2);
    expect(panel().querySelector('[data-item="body"] .preview-body summary')?.textContent).toBe('Body as corrected: 3 lines');
  });

  test('a store that fails says so in the panel, and the next change is stored again', async () => {
    let fail = true;
    await startAnnotating(document, article(), record(), {
      labels: ENGLISH_ANNOTATION_LABELS,
      now: () => NOW,
      onClose: () => undefined,
      save: async (r) => {
        if (fail) throw new Error('QUOTA_BYTES quota exceeded');
        saved.push(r);
        return null;
      },
    });
    saved = [];
    key('1');
    await settle();
    expect(panel().querySelector('.status .problem')?.textContent).toBe(' · Not saved: QUOTA_BYTES quota exceeded');
    fail = false;
    key('j');
    key('a');
    await settle();
    expect(panel().querySelector('.status .saved')?.textContent).toMatch(/Saved/);
    // The record stored holds the change that failed too: nothing the annotator did is lost.
    expect(last().pageType).toBe('article');
    expect(last().fields.title.verdict).toBe('right');
  });

  test('a notice from the start (the snapshot not stored) and one a store answers are shown as problems', async () => {
    await startAnnotating(document, article(), record(), {
      labels: ENGLISH_ANNOTATION_LABELS,
      now: () => NOW,
      onClose: () => undefined,
      notice: 'The page itself was not saved for the export (40 MB); the annotation is',
      save: async () => 'The page itself was not saved for the export (quota); the annotation is',
    });
    expect(panel().querySelector('.status .problem')?.textContent).toBe(
      ' · The page itself was not saved for the export (40 MB); the annotation is',
    );
    key('1');
    await settle();
    expect(panel().querySelector('.status .problem')?.textContent).toMatch(/\(quota\)/);
  });

  test('closing the overlay closes the panel and leaves the page as it was', async () => {
    const before = document.body.innerHTML;
    await start();
    hideOverlay(document);
    expect(overlayHost(document)).toBeNull();
    expect(document.body.innerHTML).toBe(before);
  });
});
