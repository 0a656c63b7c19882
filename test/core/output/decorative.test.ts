/**
 * Decorative images of the body (issue 40 item 14, src/core/output/decorative.ts): a spinner, avatars and
 * an "end of story" image whose alt is the author's name stood as broken-image icons at the top of the
 * popup's body. Each rule is a switch of `OutputOptions`; the body's HTML leaves them out with
 * `dropDecorativeImagesFromHtml`, and the Explain trace says which image went and why.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Clock, ExtractEnv } from '../../../src/core/env.ts';
import type { Article, PartialOptions } from '../../../src/core/index.ts';
import { extract } from '../../../src/core/index.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

const CLOCK: Clock = { now: () => new Date('2024-06-01T00:00:00Z') };
const ENV: ExtractEnv = { probe: staticProbe, clock: CLOCK, timer: () => 0 };
const URL = 'https://news.example.com/2024/05/13/solar-library.html';
const HOST = 'https://news.example.com';

const PARAGRAPHS = [
  'The new library, which opened on Monday, runs entirely on solar power, the mayor said, and it cost less than expected.',
  'Residents queued for hours to see the building, and many of them, young and old, brought books to donate to it.',
  'The council plans two more such buildings, one in the north and one in the south, before the end of the decade.',
  'The architect said the roof, which is covered in panels, makes more power in summer than the building can use.',
];

/** An article with a spinner, an author box with a photo, a real picture, a lazy picture, an emoji, an inline formula and an end mark. */
function page(extra = ''): string {
  return `<!doctype html><html lang="en"><head><title>City opens solar-powered library | Example News</title>
<meta name="author" content="Jane Doe"></head><body>
<nav><a href="/">Home</a> <a href="/world">World</a></nav>
<article>
<h1>City opens solar-powered library</h1>
<p class="byline">By Jane Doe, May 13, 2019</p>
<div class="content">
<div class="ajax"><img src="/static/img/loading.gif" alt=""></div>
<p>${PARAGRAPHS[0]}</p>
<div class="writer-box"><img src="/media/people/jdoe-2019.jpg" width="120" height="120"><span>Jane Doe covers the city.</span></div>
<figure><img src="/media/2024/library.jpg" width="800" height="450" alt="The library's roof"><figcaption>The roof of the library.</figcaption></figure>
<p>${PARAGRAPHS[1]} <img class="emoji" src="/emoji/1f31e.png" alt="🌞" width="16" height="16"></p>
<p>${PARAGRAPHS[2]} Its power is <img src="/formula/p-eq-iv.png" width="120" height="18" alt="P = IV"> at noon.</p>
<p><img class="lazy" src="/static/img/spinner.svg" data-src="/media/2024/reading-room.jpg" alt="The reading room"></p>
<p>${PARAGRAPHS[3]}</p>
${extra}
<p><img src="/media/ui/story-end.png" alt="Jane Doe"></p>
</div>
</article>
<footer><p>Copyright 2024 Example News. All rights reserved.</p></footer>
</body></html>`;
}

function run(options: PartialOptions = {}, html = page()): Article {
  return extract(parseWith('happy-dom', html), ENV, { url: URL }, { ...options, trace: { enabled: true } });
}

/** The sources of the <img> elements of the body's HTML, page-relative. */
function htmlImages(a: Article): string[] {
  return [...a.body.html.matchAll(/<img src="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(HOST, ''));
}

const ALL_OFF: PartialOptions = {
  output: {
    extensions: { dropDecorativeImagesFromHtml: false, dropPlaceholderImages: false, dropBylineImages: false, dropSignOffImages: false },
  },
};

describe('decorative images of the body (issue 40 item 14)', () => {
  it('without the new rules the HTML keeps the spinner, the author photo and the end mark (so the tests below can fail)', () => {
    const a = run(ALL_OFF);
    expect(a.author).toBe('Jane Doe');
    expect(htmlImages(a)).toEqual(
      expect.arrayContaining(['/static/img/loading.gif', '/media/people/jdoe-2019.jpg', '/media/ui/story-end.png']),
    );
    expect(a.images.map((i) => i.src.replace(HOST, ''))).toContain('/media/ui/story-end.png');
  });

  it('the body keeps the article’s pictures, the emoji and the inline formula, and nothing else', () => {
    const a = run();
    expect(a.body.text).toContain(PARAGRAPHS[3]);
    expect(htmlImages(a)).toEqual([
      '/media/2024/library.jpg',
      '/emoji/1f31e.png', // a word of the text, drawn
      '/formula/p-eq-iv.png', // small but read: 120×18 is no icon
      '/media/2024/reading-room.jpg', // a lazy picture, by its real source (its src is a spinner)
    ]);
    expect(a.images.map((i) => i.src.replace(HOST, ''))).toEqual(['/media/2024/library.jpg', '/media/2024/reading-room.jpg']);
  });

  it('records each image left out, and why, in the Explain trace', () => {
    const drops = run().explain.decisions.filter((d) => d.rule === '1.6-decorative-image');
    const why = (file: string): string | undefined => drops.find((d) => d.note?.includes(file))?.note;
    expect(why('loading.gif')).toMatch(/a loading spinner or a lazy image's stand-in; left out of the body's HTML and Article.images/);
    expect(why('jdoe-2019.jpg')).toMatch(/an author's photo/);
    expect(why('story-end.png')).toMatch(/an end mark, or its alt text is the author's name/);
    expect(drops.every((d) => d.method === 'output' && d.verdict === 'drop' && d.target !== undefined)).toBe(true);
    expect(drops.some((d) => d.note?.includes('library.jpg') || d.note?.includes('reading-room.jpg'))).toBe(false);
  });

  it('each rule is its own switch', () => {
    const only = (name: string): string[] =>
      htmlImages(run({ output: { extensions: { ...ALL_OFF.output?.extensions, dropDecorativeImagesFromHtml: true, [name]: true } } }));
    const base = only('dropDecorativeImagesFromHtml');
    expect(base).toContain('/static/img/loading.gif');
    expect(base).toContain('/media/people/jdoe-2019.jpg');
    expect(base).toContain('/media/ui/story-end.png');
    expect(only('dropPlaceholderImages')).not.toContain('/static/img/loading.gif');
    expect(only('dropPlaceholderImages')).toContain('/media/people/jdoe-2019.jpg');
    expect(only('dropBylineImages')).not.toContain('/media/people/jdoe-2019.jpg');
    expect(only('dropBylineImages')).toContain('/media/ui/story-end.png');
    expect(only('dropSignOffImages')).not.toContain('/media/ui/story-end.png');
    expect(only('dropSignOffImages')).toContain('/static/img/loading.gif');
  });

  it('tiny stated sizes: a 1×1 pixel and a 24×24 icon leave the HTML; a picture of unknown size stays', () => {
    const a = run(
      {},
      page(
        '<p><img src="/t/p.gif" width="1" height="1"><img src="/share/print.png" width="24" height="24">' +
          '<img src="/media/2024/panels.jpg" alt="The panels"></p>',
      ),
    );
    expect(htmlImages(a)).not.toContain('/t/p.gif');
    expect(htmlImages(a)).not.toContain('/share/print.png');
    expect(htmlImages(a)).toContain('/media/2024/panels.jpg');
    const icon = a.explain.decisions.find((d) => d.rule === '1.6-decorative-image' && d.note?.includes('print.png'));
    expect(icon?.numbers).toMatchObject({ width: 24, height: 24 });
  });

  it('avatars by name, author photos by folder, and end marks by alt or class; a photo named "loading-dock" stays', () => {
    const a = run(
      {},
      page(
        '<p><img class="author-avatar" src="/media/a/x1.jpg" width="96" height="96"></p>' +
          '<p><img src="/media/headshots/jdoe.jpg"></p>' +
          '<p><img src="/media/ui/x2.png" alt="End of story"></p>' +
          '<p><img class="tombstone" src="/media/ui/x3.png"></p>' +
          '<p><img src="/media/2024/loading-dock.jpg" alt="The loading dock"></p>', // a photo's name, not a spinner's
      ),
    );
    const imgs = htmlImages(a);
    for (const gone of ['/media/a/x1.jpg', '/media/headshots/jdoe.jpg', '/media/ui/x2.png', '/media/ui/x3.png'])
      expect(imgs).not.toContain(gone);
    expect(imgs).toContain('/media/2024/loading-dock.jpg');
  });

  it('a small image in a table cell is a value of the table, and a class naming a loading state is no spinner', () => {
    const a = run(
      {},
      page(
        '<table><tr><th>Task</th><th>Done</th></tr><tr><td>Roof</td><td><img src="/ui/finished.png" width="20"></td></tr>' +
          '<tr><td>Walls</td><td><img src="/ui/not-finished.png" width="20"></td></tr></table>' +
          '<p><img class="progressive-image loading" src="/media/2024/panels.jpg?width=640&quality=20"></p>' +
          '<p><img class="media-placeholder" src="/media/2024/p07b8nx5.jpg"></p>',
      ),
    );
    expect(htmlImages(a)).toEqual(
      expect.arrayContaining([
        '/ui/finished.png',
        '/ui/not-finished.png',
        '/media/2024/panels.jpg?width=640&amp;quality=20',
        '/media/2024/p07b8nx5.jpg',
      ]),
    );
  });

  it('an author box too long to be a byline is a section of the article: its pictures stay', () => {
    const long = Array.from(
      { length: 12 },
      (_, i) => `Paragraph ${i} of the writers' section, about the people who built the library.`,
    ).join(' ');
    const a = run({}, page(`<div class="writers"><p>${long}</p><img src="/media/2024/builders.jpg" width="640" height="400"></div>`));
    expect(htmlImages(a)).toContain('/media/2024/builders.jpg');
  });
});
