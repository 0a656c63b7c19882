/**
 * §6 The combine stage decides, alone, which text blocks leave the body — each by a named rule recorded in
 * the trace — and each rule follows its switch.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractEnv } from '../../../src/core/env.ts';
import type { Article, PartialOptions } from '../../../src/core/index.ts';
import { extract } from '../../../src/core/index.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';
import { rulesOptions } from '../../helpers/options.ts';

afterAll(closeWindows);

const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };

const PAGE = `<!doctype html><html lang="en"><head><title>Harbour wall is finished after two years</title></head><body>
<article id="story">
<h1>Harbour wall is finished after two years</h1>
<p class="meta">By Ann Lee</p>
<p>The new harbour wall, which took two years to build, was finished on Friday, the council said, and it cost less than planned.</p>
<p>Fishermen, shop owners and residents, who had waited for it since the storm, gathered on the quay to watch the last stone set.</p>
<p>Read <a href="/r1">the report of the engineers</a>, <a href="/r2">the plans</a>, <a href="/r3">the costs of the work</a> and <a href="/r4">the whole timeline</a>, now online.</p>
<p>The council plans a second wall, further along the coast, before the end of the decade, and it will ask residents first.</p>
<ul id="related"><li><a href="/a">Bridge reopens</a></li><li><a href="/b">Park plans</a></li><li><a href="/c">Budget approved</a></li></ul>
<div id="comments"><p>Reader one: Great news, finally, after all this time, the wall is done and the town is safe again.</p>
<p>Reader two: It took far too long, cost too much, and nobody asked us, the people who live by the sea.</p></div>
</article></body></html>`;

/** Extracts `html` parsed with `kind`, with the trace on. */
function traced(kind: (typeof DOM_KINDS)[number], html: string, options: PartialOptions = {}): Article {
  return extract(parseWith(kind, html), ENV, {}, rulesOptions({ ...options, trace: { enabled: true } }));
}

function run(kind: (typeof DOM_KINDS)[number], options: PartialOptions = {}): Article {
  return traced(kind, PAGE, options);
}

const combineRules = (a: Article): string[] =>
  a.explain.decisions.filter((d) => d.method === 'combine').map((d) => `${d.rule} ${d.verdict}`);

describe.each(DOM_KINDS)('combine (%s)', (kind) => {
  it('the title and its zone line, the comment section and the related list leave the body, each by its rule', () => {
    const a = run(kind);
    // Method 2's full stops lie in method 1's body: it confirms it (§6.2), and the other rules drop.
    // Issue 42: the page type is read after the rules (an article, here), and recorded with its numbers.
    expect(combineRules(a)).toEqual([
      '6.2-path-leads keep',
      '6.1-title-zone drop',
      '6.3-comment-section drop',
      '6.3-link-block drop',
      '6.2-page-type info',
    ]);
    expect(a.anchors.bodyLead.method).toBe('title-anchor');
    expect(a.body.text).not.toMatch(/Harbour wall is finished|By Ann Lee|Reader one|Bridge reopens/);
    expect(a.body.text).toMatch(/^The new harbour wall/);
    expect(a.body.text).toContain('Read the report of the engineers, the plans');
    const removed = a.noise.filter((n) => n.removed);
    expect(removed.map((n) => n.ref.selector)).toEqual(['#related']);
    const drop = a.explain.decisions.find((d) => d.rule === '6.3-link-block');
    expect(drop?.numbers).toEqual({ textBlocks: 3, minShare: 0.5 });
    expect(drop?.target?.selector).toBe('#related');
  });

  it('each rule follows its switch', () => {
    const kept = run(kind, {
      output: { extensions: { dropTitleAndZone: false } },
      linkBlocks: { removeFromBody: false },
      titleAnchor: { extensions: { skipCommentSections: false } },
    });
    expect(combineRules(kept)).toEqual(['6.2-path-leads keep', '6.2-page-type info']);
    expect(kept.noise.every((n) => !n.removed)).toBe(true);
    expect(kept.body.text).toContain('Bridge reopens');
  });

  it('a link-dense paragraph that is a sentence stays with keepSentences, and leaves without it', () => {
    const faithful = run(kind, { linkBlocks: { extensions: { keepSentences: false, linkTextShare: false } } });
    expect(faithful.body.text).not.toContain('Read the report');
    expect(faithful.explain.decisions.filter((d) => d.rule === '6.3-link-block')).toHaveLength(2);
    expect(run(kind, { linkBlocks: { extensions: { linkTextShare: false } } }).body.text).toContain('Read the report');
  });
});

/** An article cut in three sibling containers by a figure and an ad; method 1's descent keeps the largest part. */
const SPLIT_PAGE = `<!doctype html><html lang="en"><head><title>Town opens its new library after a long wait</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<div class="page"><h1>Town opens its new library after a long wait</h1>
<div class="story-part"><p>The new library opened on Monday, after three years of work, and hundreds of readers came in the first hour. It was busy.</p>
<p>The building, which the council paid for with a grant, holds forty thousand books, a café and a room for children.</p>
<p>Its architect, who grew up in the town, said she wanted a place where anyone could sit, read and stay all day.</p>
<p>Librarians, volunteers and pupils from the school carried the last boxes of books across the square on Sunday.</p></div>
<figure class="wide"><img src="a.jpg" alt=""><figcaption>The reading room</figcaption></figure>
<div class="story-part"><p>The mayor, who cut the ribbon, said the library would open every day, including Sundays, from next month.</p>
<p>Some residents, however, asked why the old library, closed since the flood, had not simply been repaired.</p>
<p>Parents loved it. Children too.</p></div>
<div class="ad"><p>Advertisement</p></div>
<div class="story-part"><p>The council said the old building, damaged by water, would have cost more to repair than to replace.</p>
<p>It will be sold. Work starts soon.</p>
<div class="tools"><div class="share"><div class="row"><p>Share this story with your friends.</p></div></div></div></div>
</div></body></html>`;

describe.each(DOM_KINDS)('combine with method 2 (%s)', (kind) => {
  const split = (options: PartialOptions = {}): Article => traced(kind, SPLIT_PAGE, options);

  it('method 1 alone keeps the part of the split article with most sentences', () => {
    const a = split({ combine: { bodyMethod: 'title-anchor' } });
    expect(a.body.text).toMatch(/^The new library opened/);
    expect(a.body.text).not.toContain('The mayor, who cut the ribbon');
    expect(a.anchors.pathSample?.preview).toMatch(/^The /);
  });

  it('joinPathSiblings brings the sibling parts back and leaves the ad and the caption out', () => {
    const a = split({ combine: { pathLeads: false, extensions: { joinPathSiblings: true } } });
    expect(a.body.text).toMatch(/^The new library opened/);
    expect(a.body.text).toContain('The mayor, who cut the ribbon');
    expect(a.body.text).toContain('would have cost more to repair');
    expect(a.body.text).not.toMatch(/Advertisement|The reading room|Town opens its new library/);
    const join = a.explain.decisions.find((d) => d.rule === '6.2-path-siblings');
    expect(join?.numbers['siblings']).toBe(2);
  });

  it('removePathRejected takes out the leaves whose path method 2 rejects, as noise of kind path', () => {
    const a = split({
      combine: { pathLeads: false, removePathRejected: true, extensions: { joinPathSiblings: true, keepPathRejectedSentences: false } },
    });
    const path = a.noise.filter((n) => n.kind === 'path');
    expect(path.map((n) => n.text)).toEqual(['Share this story with your friends.']);
    expect(path[0]?.removed).toBe(true);
    expect(path[0]?.reason).toMatch(/^path K [\d.]+ < [\d.]+ to the sample path html > body > div\.page > div\.story-part > p$/);
    expect(a.body.text).not.toContain('Share this story');
  });

  it('method 2 leads when method 1 holds less than pathLeadMaxAgreement of its full stops (widening, §6.2)', () => {
    // Method 1 descends into the first part: 5 of the 12 full stops method 2 accepts, under 0.5: method 2 leads…
    const led = split();
    const lead = led.explain.decisions.find((d) => d.rule === '6.2-path-leads');
    expect(lead?.verdict).toBe('choose');
    expect(lead?.numbers).toMatchObject({ agreement: 0.417, widens: 1, acceptedStops: 12 });
    expect(led.anchors.bodyLead).toMatchObject({ method: 'punct-path' });
    expect(led.anchors.bodyLead.reason).toMatch(/only 42% of its full stops lie in method 1’s body/);
    expect(led.body.text).toContain('The mayor, who cut the ribbon');
    expect(led.body.text).toContain('would have cost more to repair');
    // …and under a bar of 0.4, that is agreement: method 1 keeps its root.
    const kept = split({ combine: { pathLeadMaxAgreement: 0.4 } });
    expect(kept.explain.decisions.find((d) => d.rule === '6.2-path-leads')?.verdict).toBe('keep');
    expect(kept.anchors.bodyLead.method).toBe('title-anchor');
  });
});

/**
 * An article cut in two by a figure, each part inside its own wrapper: method 1's descent ends two levels
 * below the element whose children the parts are, so the second part is not a sibling of its root.
 */
const WRAPPED_SPLIT_PAGE = `<!doctype html><html lang="en"><head><title>Ferry returns to the island after the winter</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<div class="page"><h1>Ferry returns to the island after the winter</h1>
<div class="col">
<div class="part"><div class="text"><p>The ferry, which stopped in November, sailed again on Monday, with forty passengers and a van of post.</p>
<p>Its captain, who has sailed the route for twenty years, said the sea was calm and the crossing took an hour.</p>
<p>Islanders, who had waited for supplies since the storms, met the boat at the pier with flags and tea.</p>
<p>The shop, the school and the doctor will get deliveries every day again, the council said on Sunday.</p></div></div>
<figure class="wide"><img src="a.jpg" alt=""><figcaption>The pier on Monday</figcaption></figure>
<div class="part"><div class="text"><p>The council, which pays for the service, said a second boat would join it in the summer months.</p>
<p>Some residents, however, asked why the old timetable, cut last year, had not been brought back.</p>
<p>Tickets cost the same as before.</p></div></div>
</div></div>
<footer><p>Contact us</p></footer>
</body></html>`;

describe.each(DOM_KINDS)('sibling containers further up (%s)', (kind) => {
  const wrapped = (options: PartialOptions = {}): Article => traced(kind, WRAPPED_SPLIT_PAGE, options);

  it('with siblingJoinMaxLevels 1 the second part stays out: it is not a sibling of the body root', () => {
    const a = wrapped({ combine: { siblingJoinMaxLevels: 1 } });
    expect(a.anchors.bodyLead.method).toBe('title-anchor');
    expect(a.body.text).toMatch(/^The ferry, which stopped in November/);
    expect(a.body.text).not.toContain('a second boat would join it');
    expect(a.explain.decisions.some((d) => d.rule === '6.2-path-siblings')).toBe(false);
  });

  it('climbing two levels, the second part rejoins and the caption between them stays out', () => {
    const a = wrapped({ combine: { siblingJoinMaxLevels: 2 } });
    expect(a.body.text).toMatch(/^The ferry, which stopped in November/);
    expect(a.body.text).toContain('a second boat would join it in the summer months');
    expect(a.body.text).not.toMatch(/The pier on Monday|Contact us|Ferry returns to the island/);
    const join = a.explain.decisions.find((d) => d.rule === '6.2-path-siblings');
    expect(join?.numbers).toMatchObject({ siblings: 1, levels: 2 });
    expect(join?.target?.selector).toBe('html > body > div > div'); // div.col
  });

  it('never above the common ancestor of the leaves method 2 accepts', () => {
    // However many levels are allowed, the root stops at div.col: the footer's line never joins.
    const a = wrapped({ combine: { siblingJoinMaxLevels: 20 } });
    expect(a.explain.decisions.find((d) => d.rule === '6.2-path-siblings')?.target?.selector).toBe('html > body > div > div');
    expect(a.body.text).not.toContain('Contact us');
  });
});

/**
 * The headline comes after the article, beside a list of sources: no sentence follows the title, so method 1
 * takes its first sentence from before it (§1.4) — the sources — and anchors there.
 */
const TITLE_LAST_PAGE = `<!doctype html><html lang="en"><head><title>Farmers plant again by the river</title></head><body>
<div class="main"><div class="article">
<p>The river, which flooded twice last year, is lower now, and farmers along its banks have started to plant again.</p>
<p>Most of them, after a winter without work, sowed wheat first, then beans, on the fields closest to the water.</p>
<p>The county, which lent them money for seed, said the loans would not be due until the harvest is in.</p>
<p>Engineers will raise the banks in the spring. The work will take two months. It starts in April.</p>
</div></div>
<div class="aside"><div class="sources"><p>County report on the floods, published in March, with maps and figures.</p>
<p>Interview with the county engineer, recorded on the bank of the river in May.</p></div>
<h1>Farmers plant again by the river</h1></div>
</body></html>`;

describe.each(DOM_KINDS)('a weak title anchor (%s)', (kind) => {
  const titleLast = (options: PartialOptions = {}): Article => traced(kind, TITLE_LAST_PAGE, options);

  it('without weakAnchorPathLeads method 1 keeps the sources: method 2’s body is apart and method 1’s holds a third as many stops', () => {
    const a = titleLast({ combine: { extensions: { weakAnchorPathLeads: false } } });
    expect(a.anchors.bodyLead.method).toBe('title-anchor');
    expect(a.body.text).toMatch(/^County report on the floods/);
    const lead = a.explain.decisions.find((d) => d.rule === '6.2-path-leads');
    expect(lead?.verdict).toBe('keep');
    expect(lead?.numbers).toMatchObject({ widens: 0 });
    expect(lead?.numbers['ownShare']).toBe(0.333);
    expect(lead?.numbers['weakAnchor']).toBeUndefined();
  });

  it('with weakAnchorPathLeads method 2 leads: the first sentence lay before the title', () => {
    const a = titleLast({ combine: { extensions: { weakAnchorPathLeads: true } } });
    expect(a.anchors.bodyLead.method).toBe('punct-path');
    expect(a.anchors.bodyLead.reason).toMatch(/method 1’s first sentence lies before the title/);
    expect(a.body.text).toMatch(/^The river, which flooded twice last year/);
    expect(a.body.text).toContain('It starts in April.');
    expect(a.body.text).not.toContain('County report');
    const lead = a.explain.decisions.find((d) => d.rule === '6.2-path-leads');
    expect(lead?.verdict).toBe('choose');
    expect(lead?.numbers).toMatchObject({ weakAnchor: 1, widens: 0 });
    // Above the bar, method 1 keeps its root even with the rule on.
    const kept = titleLast({ combine: { weakAnchorMaxApartShare: 0.2, extensions: { weakAnchorPathLeads: true } } });
    expect(kept.anchors.bodyLead.method).toBe('title-anchor');
  });
});

/** A short post and, outside the article's wrapper, a long reader thread (`#comments`) with far more full stops. */
const THREAD_PAGE = `<!doctype html><html lang="en"><head><title>A quiet week at the lake</title></head><body>
<div id="main"><div class="post">
<h1>A quiet week at the lake</h1>
<p>We spent the week at the lake, with the children, the dog and two boats, and it rained only once.</p>
<p>The water was warm, the fish were shy, and we read more books than we caught fish.</p>
</div></div>
<div id="comments">
${Array.from(
  { length: 8 },
  (_, i) =>
    `<div class="comment"><p class="who">Reader ${i + 1}</p><p>Lovely post. We went there last year too. The boats are cheap to rent. Go in June!</p></div>`,
).join('\n')}
</div>
</body></html>`;

describe.each(DOM_KINDS)('a long comment thread outside the post (%s)', (kind) => {
  const thread = (options: PartialOptions = {}): Article => traced(kind, THREAD_PAGE, options);

  it('without punctPath.skipCommentSections method 2 samples the thread and leads the body into it (storyFirst off)', () => {
    const a = thread({ punctPath: { extensions: { skipCommentSections: false } }, combine: { extensions: { storyFirst: false } } });
    expect(a.anchors.bodyLead.method).toBe('punct-path');
    expect(a.body.text).toContain('The boats are cheap to rent.');
    expect(a.body.text).not.toContain('We spent the week at the lake');
  });

  it('…and the story first (issue 42, 6.3-thread-story) gives the post back its body', () => {
    const a = thread({ punctPath: { extensions: { skipCommentSections: false } } });
    expect(a.anchors.bodyLead.method).toBe('content-region');
    expect(a.body.text).toMatch(/^We spent the week at the lake/);
    expect(a.body.text).not.toContain('The boats are cheap to rent.');
  });

  it('with it the thread’s leaves count no full stops: method 2 samples the post and confirms method 1', () => {
    const a = thread();
    const dropped = a.explain.decisions.find((d) => d.rule === '2.2-comment-section');
    expect(dropped?.numbers).toEqual({ leaves: 16, sections: 1 });
    const sample = a.explain.decisions.find((d) => d.rule === '2.3-sample');
    expect(sample?.note).toMatch(/div\.post > p$/);
    expect(a.anchors.bodyLead.method).toBe('title-anchor');
    expect(a.body.text).toMatch(/^We spent the week at the lake/);
    expect(a.body.text).not.toContain('Reader');
  });
});

/** An article of short lines: full stops, but no block passes the sentence test (§0), so method 1 finds no body. */
const SHORT_LINES_PAGE = `<!doctype html><html lang="en"><head><title>Snow closes the pass</title></head><body>
<ul class="nav"><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul>
<div class="story"><h1>Snow closes the pass</h1>
<p>Snow closed the pass on Monday. Drivers turned back.</p>
<p>The road crews work all night. It may open Friday.</p>
<p>Buses run by the valley road. Trains run as usual.</p></div>
</body></html>`;

describe.each(DOM_KINDS)('method 1 without a body (%s)', (kind) => {
  const lines = (options: PartialOptions = {}): Article => traced(kind, SHORT_LINES_PAGE, options);

  it('faithful (pathLeadsWithoutBody and shortPageText off): method 2 is too weak to lead, and the page has no article', () => {
    const a = lines({ combine: { extensions: { pathLeadsWithoutBody: false, shortPageText: false } } });
    expect(a.body.text).toBe('');
    expect(a.warnings).toContain('no article: the page has no sentences');
    const lead = a.explain.decisions.find((d) => d.rule === '6.2-path-leads');
    expect(lead?.verdict).toBe('skip');
    expect(lead?.note).toMatch(/too weak to lead: its sample leaf is not a sentence/);
  });

  it('with it method 2 leads, and says it leads although its sample leaf is not a sentence', () => {
    const a = lines();
    expect(a.anchors.bodyLead.method).toBe('punct-path');
    expect(a.anchors.bodyLead.reason).toMatch(/^method 1 has no body: method 2 leads although its sample leaf is not a sentence/);
    expect(a.body.text).toBe(
      'Snow closed the pass on Monday. Drivers turned back.\nThe road crews work all night. It may open Friday.\nBuses run by the valley road. Trains run as usual.',
    );
    expect(a.warnings.some((w) => w.startsWith('no article'))).toBe(false);
    // Fewer than pathMinStops full stops: nothing to lead with (and, with shortPageText off, no body at all).
    expect(lines({ combine: { pathMinStops: 7, extensions: { shortPageText: false } } }).body.text).toBe('');
    // With shortPageText the short page is read whole instead.
    expect(lines({ combine: { pathMinStops: 7 } }).anchors.bodyLead.method).toBe('short-page');
  });
});

/** A CJK article whose paragraphs have two commas or fewer, but one: method 1's only sentence (§0). */
const FEW_COMMAS_PAGE = `<!doctype html><html lang="zh"><head><title>城南新桥今天通车_本地新闻</title></head><body>
<div class="nav"><a href="/">首页</a> <a href="/news">新闻</a></div>
<div class="article"><h1>城南新桥今天通车</h1><div class="info">2024-05-01 来源：本地日报</div>
<div class="text"><p>城南新桥今天上午正式通车。市民可以步行过桥。公交线路同步调整。</p>
<p>新桥全长八百米，历时两年建成。工程没有超出预算。</p>
<p>通车仪式上，市长、工程师、居民代表一起剪彩。</p>
<p>旧桥将在下月关闭维修。维修期约为半年。</p></div></div>
</body></html>`;

describe.each(DOM_KINDS)('method 2 widening with a sample that is no sentence (%s)', (kind) => {
  // titleAnchor.paragraphRun off: with it (the default) method 1 itself keeps the run of paragraphs.
  const fewCommas = (options: PartialOptions = {}): Article =>
    traced(kind, FEW_COMMAS_PAGE, { ...options, titleAnchor: { extensions: { paragraphRun: false } } });

  it('by default method 1 keeps the four paragraphs itself (paragraphRun), and method 2 confirms it', () => {
    const a = traced(kind, FEW_COMMAS_PAGE);
    expect(a.anchors.bodyLead.method).toBe('title-anchor');
    expect(a.body.text.split('\n')).toHaveLength(4);
    expect(a.explain.decisions.find((d) => d.rule === '6.2-path-leads')?.verdict).toBe('keep');
  });

  it('without widenWithoutSentence method 1 keeps a fragment: the sample leaf is not a sentence', () => {
    const a = fewCommas({ combine: { extensions: { widenWithoutSentence: false } } });
    expect(a.anchors.bodyLead.method).toBe('title-anchor');
    expect(a.body.text).toContain('通车仪式上，市长、工程师、居民代表一起剪彩。');
    expect(a.body.text).not.toContain('旧桥将在下月关闭维修。');
    const lead = a.explain.decisions.find((d) => d.rule === '6.2-path-leads');
    expect(lead?.verdict).toBe('skip');
    expect(lead?.numbers).toMatchObject({ widens: 1, agreement: 0.125, stopShare: 1 });
    expect(lead?.note).toMatch(/its sample leaf is not a sentence/);
  });

  it('with it method 2 widens the body to the four paragraphs; its other guards still hold', () => {
    const a = fewCommas({ combine: { extensions: { widenWithoutSentence: true } } });
    expect(a.anchors.bodyLead.method).toBe('punct-path');
    expect(a.body.text.split('\n')).toHaveLength(4);
    expect(a.body.text).toMatch(/^城南新桥今天上午正式通车。/);
    expect(a.body.text).not.toContain('首页');
    const strict = fewCommas({
      combine: { pathLeadMinStopShare: 1.0, pathLeadMinSamplePath: 99, extensions: { widenWithoutSentence: true } },
    });
    expect(strict.anchors.bodyLead.method).toBe('title-anchor');
  });
});

/**
 * A one-paragraph post in a template whose boxes share one path: method 2 accepts the site's welcome box
 * (its sample, two full stops), the post and three rows of links, so its root is the whole page.
 */
const LINK_ROWS_PAGE = `<!doctype html><html lang="en"><head><title>A quieter kettle for small kitchens | Gadget Notes</title></head><body>
<div id="wrap">
<div class="box"><p>Gadget Notes is the magazine for people who like useful things, from kettles to desks. Subscribe to our daily email, or follow us on Twitter and Facebook.</p></div>
<div class="box" id="post"><h1>A quieter kettle for small kitchens</h1><p>The new kettle boils a litre in three minutes, makes half the noise of the old model, and costs forty pounds.</p></div>
<div class="box"><p><a href="/most">Most wanted</a> <a href="/grid">Grid view</a> <a href="/random">Random thing</a> <a href="/app">Our app</a> <a href="/stash">Your stash</a> <a href="/signup">Sign up</a> <a href="/signin">Sign in</a></p></div>
<div class="box"><p><a href="/tv">A very thin television set</a> <a href="/lamp">The reading lamp that follows you</a> <a href="/desk">A standing desk for two</a> <a href="/chair">The chair that folds flat</a></p></div>
<div class="box"><p><a href="/about">About</a> <a href="/contact">Contact</a> <a href="/ads">Advertise</a> <a href="/privacy">Privacy</a> <a href="/terms">Terms</a></p></div>
</div></body></html>`;

describe.each(DOM_KINDS)('method 2 widening to a root full of links (%s)', (kind) => {
  const KETTLE = 'The new kettle boils a litre in three minutes, makes half the noise of the old model, and costs forty pounds.';

  it('by default method 2 may not widen to it: 40% of its text is link text, above pathLeadMaxLinkShare', () => {
    const a = traced(kind, LINK_ROWS_PAGE);
    expect(a.anchors.bodyLead.method).toBe('title-anchor');
    expect(a.body.text).toBe(KETTLE);
    const lead = a.explain.decisions.find((d) => d.rule === '6.2-path-leads');
    expect(lead?.verdict).toBe('skip');
    expect(lead?.numbers).toMatchObject({ widens: 1, agreement: 0.333, linkShare: 0.396 });
    expect(lead?.note).toMatch(/too weak to lead: 40% of the text under its root is link text/);
  });

  it('with the guard off (1) method 2 widens the post to the page, welcome box and link rows too', () => {
    const a = traced(kind, LINK_ROWS_PAGE, { combine: { pathLeadMaxLinkShare: 1 } });
    expect(a.anchors.bodyLead.method).toBe('punct-path');
    expect(a.body.text).toContain(KETTLE);
    expect(a.body.text).toContain('Gadget Notes is the magazine');
    expect(a.body.text).toContain('Most wanted');
    expect(a.explain.decisions.find((d) => d.rule === '6.2-path-leads')?.verdict).toBe('choose');
  });

  it('a root with less link text than the bound still leads', () => {
    const a = traced(kind, LINK_ROWS_PAGE, { combine: { pathLeadMaxLinkShare: 0.4 } });
    expect(a.anchors.bodyLead.method).toBe('punct-path');
  });
});

/** A short note with no sentence (§0) and no full stop: neither method finds a body. */
const NOTE_PAGE = `<!doctype html><html lang="en"><head><title>Shop notice</title></head><body>
<nav><a href="/">Home</a> <a href="/shop">Shop</a> <a href="/contact">Contact</a></nav>
<div class="note"><p>The shop is closed for the holidays</p><p>We open again on the second of January</p></div>
</body></html>`;

/** Only links: an index of headlines. */
const LINKS_PAGE = `<!doctype html><html lang="en"><head><title>Index</title></head><body>
<ul><li><a href="/a">Bridge reopens after the long repair work</a></li><li><a href="/b">Park plans shown to the town</a></li>
<li><a href="/c">Budget approved for the coming year</a></li></ul><p>Updated daily</p></body></html>`;

/** One word and nothing else. */
const WORD_PAGE = `<!doctype html><html lang="en"><head><title>Notice</title></head><body>
  Shut
</body></html>`;

/** Its one line is close enough to the <title> to be the title block (§1.4). */
const TITLE_LINE_PAGE = `<!doctype html><html lang="en"><head><title>Lorem Ipsum</title></head><body>
<main><section><div><div>Lorem ipsum dolor sit amet, consectetur adipiscing elit</div></div></section></main>
</body></html>`;

describe.each(DOM_KINDS)('a short page with no sentence (%s)', (kind) => {
  it('is read as a whole: the body root holds its text blocks, not the menu, and the article says so', () => {
    const a = traced(kind, NOTE_PAGE);
    expect(a.anchors.bodyLead.method).toBe('short-page');
    expect(a.anchors.bodyRoot?.selector).toMatch(/div(:nth-of-type\(1\))?$/);
    expect(a.body.text).toBe('The shop is closed for the holidays\nWe open again on the second of January');
    expect(a.warnings.some((w) => /^no sentence on the page: its body is the page's short text \(\d+ text units\)/.test(w))).toBe(true);
    const d = a.explain.decisions.find((x) => x.rule === '6.2-short-page');
    expect(d?.verdict).toBe('keep');
    expect(d?.numbers).toMatchObject({ maxUnits: 100, maxLinkShare: 0.5, blocks: 2 });
  });

  it('switched off (faithful), the page has no article', () => {
    const a = traced(kind, NOTE_PAGE, { combine: { extensions: { shortPageText: false } } });
    expect(a.body.text).toBe('');
    expect(a.warnings).toContain('no article: the page has no sentences');
    expect(a.explain.decisions.some((x) => x.rule === '6.2-short-page')).toBe(false);
  });

  it('a page longer than shortPageMaxUnits is not read whole, and the trace says why', () => {
    const a = traced(kind, NOTE_PAGE, { combine: { shortPageMaxUnits: 10 } });
    expect(a.body.text).toBe('');
    const d = a.explain.decisions.find((x) => x.rule === '6.2-short-page');
    expect(d?.verdict).toBe('skip');
    expect(d?.note).toBe('no body: the page is too long to be read as a whole');
  });

  it('a page of one word (every block noise text): no article by default, read from that word with shortPageNoiseText', () => {
    const off = traced(kind, WORD_PAGE);
    expect(off.body.text).toBe('');
    expect(off.explain.decisions.find((x) => x.rule === '6.2-short-page')?.note).toBe(
      'no body: the page has no text block that is neither noise nor mostly links',
    );
    const a = traced(kind, WORD_PAGE, { combine: { extensions: { shortPageNoiseText: true } } });
    expect(a.anchors.bodyLead.method).toBe('short-page');
    expect(a.body.text).toBe('Shut');
    const read = a.explain.decisions.filter((x) => x.rule === '6.2-short-page');
    expect(read[0]?.numbers).toMatchObject({ blocks: 1, noiseBlocks: 1 });
    expect(read[0]?.note).toMatch(/its every block is noise text/);
  });

  it('a page whose one line is also its title keeps that line as its body', () => {
    const a = traced(kind, TITLE_LINE_PAGE);
    expect(a.title).toBe('Lorem ipsum dolor sit amet, consectetur adipiscing elit');
    expect(a.body.text).toBe('Lorem ipsum dolor sit amet, consectetur adipiscing elit');
    // The title zone (6.1) would take its only block: the short page keeps it, and the trace says so.
    const kept = a.explain.decisions.filter((x) => x.rule === '6.2-short-page')[1];
    expect(kept?.verdict).toBe('keep');
    expect(kept?.note).toMatch(/would leave the short page no text/);
    expect(traced(kind, TITLE_LINE_PAGE, { combine: { extensions: { shortPageText: false } } }).body.text).toBe('');
  });

  it('a page of links is not an article', () => {
    const a = traced(kind, LINKS_PAGE);
    expect(a.body.text).toBe('');
    expect(a.explain.decisions.find((x) => x.rule === '6.2-short-page')?.note).toBe('no body: the page is mostly links');
  });
});

/** Paragraphs straight under the story, and a slideshow inside it whose captions outnumber them (§1.5 skipTeaserLists). */
const SLIDESHOW = `<!doctype html><html lang="en"><head><title>Banks face questions over the rate scandal</title></head><body>
<div id="story">
<h1>Banks face questions over the rate scandal</h1>
<p>Nearly every regulator with the power to ask has now asked the largest banks for their records of the rate setting.</p>
<p>The bank said in a filing on Thursday that it had received requests from several agencies in three countries this year.</p>
<p>It said it was cooperating with every one of the investigations and that it could not say how long they would take.</p>
<ul id="slides">${[
  'The first bank has been at the centre of the storm since it agreed to pay a fine in the summer.',
  'The second bank is among those being investigated, a person familiar with the matter said last week.',
  'The third bank said it had received requests for information from the regulators in two countries.',
  'The fourth bank said it was cooperating with the investigations and had set aside money for them.',
]
  .map((t) => `<li><a href="/s">Bank</a><p>${t}</p></li>`)
  .join('')}</ul>
</div></body></html>`;

describe.each(DOM_KINDS)('a teaser list inside the body root (%s)', (kind) => {
  it('the slideshow the descent left out leaves the body by its rule; the paragraphs stay', () => {
    const a = traced(kind, SLIDESHOW);
    expect(combineRules(a)).toContain('6.3-teaser-list drop');
    expect(a.body.text).toMatch(/^Nearly every regulator/);
    expect(a.body.text).toContain('how long they would take');
    expect(a.body.text).not.toMatch(/first bank|fourth bank/);
  });

  it('with skipTeaserLists off the captions stay in the body', () => {
    const a = traced(kind, SLIDESHOW, { titleAnchor: { extensions: { skipTeaserLists: false } } });
    expect(combineRules(a)).not.toContain('6.3-teaser-list drop');
    expect(a.body.text).toMatch(/first bank/);
    expect(a.body.text).toMatch(/^Nearly every regulator/);
  });
});
