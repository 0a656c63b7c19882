/**
 * What the popup says after "Images in the .md" (issue 40, 17): what happened to the images and why, in a
 * reader's words; the counts and each image's reason on hover, as before ("0 of 3 images embedded … (and
 * others, if any; hover for all)" spoke the machinery and said nothing of the others).
 */
import { expect, test, vi } from 'vitest';
import { embedSummary } from '../../src/popup/embed-summary.ts';

vi.mock('../../src/shared/browser.ts', async () => {
  const { createFakeBrowser } = await import('./fake-browser.ts');
  return { browser: createFakeBrowser() };
});

const refused = (n: number) => ({ url: `https://cdn.example/${n}.jpg`, reason: 'the site does not let the page fetch it' });

test('every image inside: said so, the count on hover', () => {
  expect(embedSummary({ embedded: 3, failed: [] })).toEqual({
    text: 'The Markdown file holds the article’s images, for reading offline.',
    figures: '3 of 3 images embedded.',
  });
});

test('none inside: the file links to them, and why', () => {
  const s = embedSummary({ embedded: 0, failed: [refused(1), refused(2), { url: 'https://a.example/x.png', reason: 'HTTP 404' }] });
  expect(s.text).toBe(
    'The Markdown file links to the article’s images instead of holding them: the site does not share its images with the page.',
  );
  expect(s.figures).toBe(
    '0 of 3 images embedded.\nhttps://cdn.example/1.jpg: the site does not let the page fetch it\nhttps://cdn.example/2.jpg: the site does not let the page fetch it\nhttps://a.example/x.png: HTTP 404',
  );
  expect(s.text).not.toMatch(/if any|hover|\d of \d/);
});

test('some inside: how many stay links, and why', () => {
  const s = embedSummary({ embedded: 2, failed: [{ url: 'https://a.example/big.png', reason: 'too large' }] });
  expect(s.text).toBe('The Markdown file holds the article’s images but one, which stays a link: too large to put in the file.');
  const two = embedSummary({ embedded: 1, failed: [refused(1), refused(2)] });
  expect(two.text).toBe(
    'The Markdown file holds some of the article’s images; 2 stay links: the site does not share its images with the page.',
  );
});

test('no image at all: nothing to hold', () => {
  expect(embedSummary({ embedded: 0, failed: [] }).text).toBe('The article has no images to put in the Markdown file.');
});
