/**
 * Extension `metadata.extensions.siteName`, end to end through `extract()`: an English and a German page
 * that name no source get the site's own name as `Article.site` (never as `source`); a Chinese page's
 * 来源 line stays its source; the switch turns it off.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractEnv } from '../../../src/core/env.ts';
import { extract } from '../../../src/core/index.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };

const article = (head: string, title: string, paragraphs: readonly string[]): string =>
  `<!doctype html><html><head>${head}</head><body><nav><a href="/">Home</a> <a href="/a">A</a> <a href="/b">B</a></nav>` +
  `<article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</article></body></html>`;

const EN = article(
  '<title>Flood defences hold as river peaks | Environment | The Guardian</title><meta property="og:site_name" content="the Guardian" />',
  'Flood defences hold as river peaks',
  [
    'The new flood walls, which were finished last spring, held back the river on Sunday, officials said, and no homes were flooded.',
    'Engineers, who watched the water rise overnight, said the defences had been built for a flood twice as large as this one.',
  ],
);
const DE = article(
  '<title>Hochwasser: Deiche halten dem Pegel stand | tagesschau.de</title>',
  'Hochwasser: Deiche halten dem Pegel stand',
  [
    'Die neuen Deiche, die im vergangenen Frühjahr fertig wurden, haben am Sonntag gehalten, sagten die Behörden, und kein Haus wurde überflutet.',
    'Die Ingenieure, die das Wasser in der Nacht beobachteten, sagten, die Anlagen seien für ein doppelt so großes Hochwasser gebaut worden.',
  ],
);
const ZH =
  '<!doctype html><html><head><title>长江洪峰平稳通过_新闻中心</title><meta property="og:site_name" content="新闻中心" /></head><body>' +
  '<h1>长江洪峰平稳通过</h1><div class="info">2019年05月13日 10:20 来源：新华社</div>' +
  '<p>记者从防汛部门获悉，长江洪峰周日平稳通过武汉江段，沿线堤防运行正常，没有发生险情。</p>' +
  '<p>水文部门表示，由于上游来水减少，未来几天水位将持续回落，但各地仍需加强巡查。</p></body></html>';

describe.each(DOM_KINDS)('site name (%s)', (kind) => {
  it('an English page: og:site_name, with where it was read; the source stays empty', () => {
    const a = extract(
      parseWith(kind, EN),
      ENV,
      { url: 'https://www.theguardian.com/environment/2024/jan/01/x' },
      { trace: { enabled: true } },
    );
    expect(a.source).toBeNull();
    expect(a.site).toBe('the Guardian');
    expect(a.provenance.site).toMatchObject({ from: 'meta', detail: 'og:site_name' });
    expect(a.explain.decisions).toContainEqual(expect.objectContaining({ method: 'metadata', rule: 'site-name', verdict: 'choose' }));
  });

  it("a German page naming its site only in <title>: the part that holds the host's label", () => {
    const a = extract(parseWith(kind, DE), ENV, { url: 'https://www.tagesschau.de/inland/hochwasser-100.html' });
    expect(a.source).toBeNull();
    expect(a.site).toBe('tagesschau.de');
    expect(a.provenance.site).toMatchObject({ from: 'title-element' });
  });

  it('a Chinese page: the 来源 line is the source, the site name is apart', () => {
    const a = extract(parseWith(kind, ZH), ENV, { url: 'http://news.example.cn/2019/0513/x.html' });
    expect(a.source).toBe('新华社');
    expect(a.site).toBe('新闻中心');
  });

  it('switched off, no site is read', () => {
    const a = extract(
      parseWith(kind, EN),
      ENV,
      { url: 'https://www.theguardian.com/x' },
      {
        metadata: { extensions: { siteName: false } },
        trace: { enabled: true },
      },
    );
    expect(a.site).toBeNull();
    expect(a.provenance.site).toBeNull();
    expect(a.explain.decisions.some((d) => d.rule === 'site-name')).toBe(false);
  });
});
