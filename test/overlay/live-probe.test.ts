// @vitest-environment happy-dom
import { afterEach, expect, test } from 'vitest';
import { extract } from '../../src/core/index.ts';
import { createLiveProbe } from '../../src/platform/live-probe.ts';
import { isOverlayHost } from '../../src/platform/overlay-host.ts';
import { hideOverlay, overlayHost, showOverlay } from '../../src/overlay/index.ts';
import { articleWithNoise } from './noise-fixture.ts';

afterEach(() => {
  hideOverlay(document);
});

test('the live probe treats the overlay host as not rendered, so a re-extraction never reads it', () => {
  document.body.innerHTML = '<div id="story"><p>Text</p></div>';
  showOverlay(document, articleWithNoise([]));
  const host = overlayHost(document);
  if (!host) throw new Error('no host');
  expect(isOverlayHost(host)).toBe(true);
  const probe = createLiveProbe(window);
  expect(probe.isRendered(host)).toBe(false);
  expect(probe.isRendered(document.getElementById('story')!)).toBe(true);
  // A page element whose name merely mentions the overlay is still the page's.
  const lookalike = document.createElement('article-lens-overlay');
  document.body.append(lookalike);
  expect(probe.isRendered(lookalike)).toBe(true);
});

test('an extraction while the overlay is shown finds the same article as without it', () => {
  document.title = 'Flood wall on the Wend river is finished';
  document.body.innerHTML = `<div id="story"><h1>Flood wall on the Wend river is finished</h1>
    <p>The new flood wall along the Wend river was finished on Wednesday, two years early, and the engineers say, with some pride, that the houses are safe.</p>
    <p>The wall runs for almost three kilometres, from the old weir to the railway bridge, and it is hidden, for most of its length, inside a raised path.</p></div>`;
  // A stopped timer, so that the stage timings are equal too.
  const env = { probe: createLiveProbe(window), clock: { now: () => new Date('2021-09-03T00:00:00Z') }, timer: () => 0 };
  const without = extract(document, env);
  showOverlay(document, articleWithNoise([]));
  const withOverlay = extract(document, env);
  expect(withOverlay).toEqual(without);
  expect(without.anchors.bodyRoot?.selector).toBe('#story');
});

test('boxes are in document coordinates: the scroll offset is read once per task, and again after it', async () => {
  document.body.innerHTML = '<div id="box">Box</div>';
  const el = document.getElementById('box')!;
  const probe = createLiveProbe(window);
  window.scrollTo(0, 0);
  const rect = el.getBoundingClientRect();
  expect(probe.box(el)).toEqual({ left: rect.left, top: rect.top, width: rect.width, height: rect.height });
  // A scroll inside the same task (nothing of ours scrolls) is not seen: one read serves the whole walk…
  window.scrollTo(0, 40);
  expect(probe.box(el)?.top).toBe(rect.top);
  // …and the next task reads the offset again.
  await Promise.resolve();
  expect(probe.box(el)?.top).toBe(el.getBoundingClientRect().top + window.scrollY);
  expect(window.scrollY).toBe(40);
});
