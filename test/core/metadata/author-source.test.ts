/**
 * Issue 41, end to end through `extract()`: hand-written Chinese, English and German pages whose
 * author and source are written in the ways the issue names (an unlabelled byline beside the date, the
 * site's name in meta author, a credit in the story, "By … Staff Writer", "Von …"), and the explain
 * trace that carries each candidate with its rank and each refused value with why.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractEnv } from '../../../src/core/env.ts';
import { extract } from '../../../src/core/index.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };

const page = (head: string, body: string): string =>
  `<!doctype html><html><head>${head}</head><body><nav><a href="/">首页</a> <a href="/a">A</a> <a href="/b">B</a></nav>${body}</body></html>`;

const ZH_PARAGRAPHS =
  '<p>公园里活跃着各个年龄层的市民，打太极、跳广场舞、健身、跑步，公园里的设施也非常齐全，从跑道到健身器材区域，应有尽有。</p>' +
  '<p>这位加拿大大叔在广西南宁的南湖公园拍了一期视频，因为他认为中国的公园真的很神奇，他说这里充满了活力，即使现在是早上。</p>';

/** sina's byline: the outlet beside the date, the site's name in meta author, the editor at the end. */
const ZH_SINA = page(
  '<title>为何老外却说了不得_新浪新闻</title><meta name="author" content="参考消息" />',
  '<article><h1>为何老外却说了不得</h1><div class="date-source"><span class="date">2019年11月25日 18:57</span> <a class="source" href="http://x.cn">参考消息</a></div>' +
    `${ZH_PARAGRAPHS}<p>责任编辑：张迪</p></article>`,
);

/** 163's: the site's name in meta author, the editor with an id, the source at the end. */
const ZH_163 = page(
  '<title>狂奔的龙湖集团暗伤曝露_网易新闻</title><meta name="author" content="网易" />',
  `<article><h1>狂奔的龙湖集团暗伤曝露</h1><div class="info">2019-09-07 22:44:09</div>${ZH_PARAGRAPHS}` +
    '<p>本文来源：证券市场红周刊 责任编辑：杨倩_NF4425</p></article>',
);

/** xinhuanet's: the reporter credited in the story's first line; the editor at the end. */
const ZH_CREDIT = page(
  '<title>法国再次爆发全国大罢工-新华网</title>',
  '<article><h1>法国再次爆发全国大罢工</h1><div class="info">2019-12-10 07:57:40 来源： 新华网</div>' +
    '<p>新华社巴黎12月9日电（记者唐霁）法国9日再次爆发全国跨行业大罢工，反对政府进行退休制度改革，交通运输等领域受到较大影响。</p>' +
    `${ZH_PARAGRAPHS}<p>责任编辑：尹世杰</p></article>`,
);

const EN_PARAGRAPHS =
  '<p>The new flood walls, which were finished last spring, held back the river on Sunday, officials said, and no homes were flooded.</p>' +
  '<p>Engineers, who watched the water rise overnight, said the defences had been built for a flood twice as large as this one.</p>';

/** An English page: the byline with a role, the publisher (an organization) as the JSON-LD author. */
const EN = page(
  '<title>Flood defences hold as river peaks | Example News</title><meta property="og:site_name" content="Example News" />' +
    '<script type="application/ld+json">{"@type":"NewsArticle","headline":"Flood defences hold as river peaks",' +
    '"author":{"@type":"Organization","name":"Example News"},"publisher":{"@type":"Organization","name":"Example News"}}</script>',
  `<article><h1>Flood defences hold as river peaks</h1><p class="byline">By Jane Doe, Staff Writer</p>${EN_PARAGRAPHS}</article>`,
);

/** The same page with only the publisher as the author: empty is better. */
const EN_ONLY_PUBLISHER = EN.replace('<p class="byline">By Jane Doe, Staff Writer</p>', '');

const DE = page(
  '<title>Hochwasser: Deiche halten dem Pegel stand | tagesschau.de</title><meta name="author" content="tagesschau.de" />',
  '<article><h1>Hochwasser: Deiche halten dem Pegel stand</h1><p class="autor">Von Anna Müller und Jörg Schmidt</p>' +
    '<p>Die neuen Deiche, die im vergangenen Frühjahr fertig wurden, haben am Sonntag gehalten, sagten die Behörden, und kein Haus wurde überflutet.</p>' +
    '<p>Die Ingenieure, die das Wasser in der Nacht beobachteten, sagten, die Anlagen seien für ein doppelt so großes Hochwasser gebaut worden.</p></article>',
);

const run = (html: string, url: string | null = null, options = {}) =>
  extract(parseWith('happy-dom', html), ENV, { url }, { trace: { enabled: true }, ...options });

describe('author and source (issue 41)', () => {
  it('sina: the outlet beside the date is the source; the site-named meta author is refused; the editor is the author', () => {
    const a = run(ZH_SINA);
    expect(a.source).toBe('参考消息');
    expect(a.author).toBe('张迪');
  });

  it("163: the site's name 网易 is never the author; the editor's id goes", () => {
    const a = run(ZH_163);
    expect(a.author).toBe('杨倩');
    expect(a.source).toBe('证券市场红周刊');
  });

  it('xinhuanet: the reporter credited in the story goes before the editor', () => {
    const a = run(ZH_CREDIT);
    expect(a.author).toBe('唐霁');
    expect(a.source).toBe('新华网');
  });

  it('English: "By" and "Staff Writer" go; the publisher declared an organization is not the author', () => {
    expect(run(EN, 'https://news.example.com/2024/x').author).toBe('Jane Doe');
    expect(run(EN_ONLY_PUBLISHER, 'https://news.example.com/2024/x').author).toBeNull();
  });

  it('German: "Von" goes and both names stay as the page writes them; the site in meta author is refused', () => {
    expect(run(DE, 'https://www.tagesschau.de/inland/x.html').author).toBe('Anna Müller und Jörg Schmidt');
  });

  it('the trace carries every candidate with its rank, and each refused value with why', () => {
    const a = run(ZH_SINA);
    const decisions = a.explain.decisions.filter((d) => d.rule.startsWith('41-'));
    expect(decisions).toContainEqual(
      expect.objectContaining({ rule: '41-author-candidate', verdict: 'choose', numbers: expect.objectContaining({ rank: 0.45 }) }),
    );
    expect(decisions).toContainEqual(
      expect.objectContaining({ rule: '41-author-refused', verdict: 'reject', note: expect.stringContaining("the site's own name") }),
    );
    expect(decisions).toContainEqual(expect.objectContaining({ rule: '41-source-candidate', verdict: 'choose' }));
  });

  it('switched off (the faithful rule), the site-named meta author comes back', () => {
    const a = run(ZH_SINA, null, {
      metadata: {
        extensions: { cleanAuthors: false, bylinePieces: false, rankedAuthors: false, storyCredits: false, publisherNotAuthor: false },
      },
    });
    expect(a.author).toBe('参考消息');
    expect(a.source).toBeNull();
  });
});
