/**
 * The popup on the two samples, in a real Chromium with the built extension: metadata, body (with the
 * page's furniture left out), images and documents; the GBK page must decode without mojibake.
 */
import { describe, expect, test } from 'vitest';
import { RESULTS, metaValue, popupFor, useExtension, whyButton } from './support/fixture.ts';

const fixture = useExtension();

describe('English sample (en-solar-library.html)', () => {
  test('shows title, author, time with its reason, and the article body without site furniture', async () => {
    const { popup } = await popupFor(fixture, '/local/2019/03/riverton-library.html');

    await expect.poll(() => popup.locator('.article-title').innerText()).toBe("Riverton's new library runs on sunlight and borrowed books");
    expect(await metaValue(popup, 'author')).toBe('Margaret Ellison');
    // The page names no source: the site's own name (og:site_name) is shown, marked as the site's.
    expect(await metaValue(popup, 'source')).toBe('The Example Gazette (the site’s name)');
    expect(await popup.locator('[data-field="source"] [data-site]').getAttribute('title')).toBe(
      'The page names no source; this is the name the site gives itself (og:site_name).',
    );
    expect(await metaValue(popup, 'published')).toContain('2019-03-14 08:30');
    expect(await popup.locator('.published time').getAttribute('datetime')).toMatch(/^2019-03-14T08:30/);
    expect(await metaValue(popup, 'reading-time')).toMatch(/^\d+ min read$/);

    const why = whyButton(popup, 'published', 'Why?');
    await why.focus();
    await popup.keyboard.press('Enter');
    expect(await why.getAttribute('aria-expanded')).toBe('true');
    // In the reader's words: picked among the page's dates, read from the byline's text.
    const whyText = await popup.locator('.why').innerText();
    expect(whyText).toMatch(/Of the \d+ dates on the page, this one is the most likely publication time\./);
    expect(whyText).toMatch(/Read from the page: “(14 March 2019, 08:30|2019-03-14T08:30[^”]*)”/);
    expect(whyText).not.toMatch(/decision value|time < p\.dateline/);
    // The byline's <time>: its datetime attribute and its text are the same instant, both candidates; the
    // annotator's details name the one the classifier chose, where it sits and its decision value.
    await popup.locator('.why-details > summary').click();
    const details = await popup.locator('.why-details').innerText();
    expect(details).toMatch(/Chosen by the date classifier: decision value \d\.\d\d, the highest of \d+ date candidates/);
    expect(details).toContain('time < p.dateline');

    const body = await popup.locator('.body-html').innerText();
    expect(body).toContain('Riverton opened its new public library on Thursday morning in the old railway goods depot');
    expect(body).toContain('a living room has to work for the neighbours as well as for the guests');
    for (const furniture of [
      'Council elections',
      'Sign up for the morning briefing',
      'Tram extension delayed again',
      'All rights reserved',
      'Related stories',
    ])
      expect(body).not.toContain(furniture);
    expect(await popup.locator('.body-html table td').first().innerText()).toBe('Solar generation');

    // The picture shows in place in the formatted body, so the gallery does not repeat it.
    const image = popup.locator('.body-html img').first();
    expect(await image.getAttribute('src')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/local\/2019\/03\/images\/riverton-library-reading-room\.jpg$/,
    );
    expect(await image.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(await popup.locator('.gallery').count()).toBe(0);
    expect(await popup.locator('.documents a').first().getAttribute('href')).toMatch(/riverton-library-energy-assessment-2019\.pdf$/);

    await popup.screenshot({ path: `${RESULTS}popup-en-light.png` });
    await popup.emulateMedia({ colorScheme: 'dark' });
    await popup.screenshot({ path: `${RESULTS}popup-en-dark.png` });
    await popup.emulateMedia({ colorScheme: 'light' });

    await popup.getByRole('button', { name: 'Plain text', exact: true }).click();
    const text = await popup.locator('.body-text').innerText();
    expect(text).toContain('More than six hundred people queued along Station Road before the doors opened at nine');
    expect(await popup.locator('.body-html').count()).toBe(0);
    // Beside the plain text the gallery lists it, with its caption.
    expect(await popup.locator('.gallery img').first().getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(await popup.locator('.gallery figcaption').first().innerText()).toContain("keeps the depot's iron columns");
    await popup.evaluate(() => document.querySelector('.content')?.scrollTo(0, 1e6));
    await popup.screenshot({ path: `${RESULTS}popup-en-text-end.png` });

    expect(fixture.session.blocked).toEqual([]);
  });
});

describe('Chinese GBK sample (zh-gbk-news.html, served without a charset)', () => {
  test('decodes the page by its meta charset and shows title, date, author, source and body', async () => {
    const { popup, page } = await popupFor(fixture, '/news/qingshi-library.htm');
    expect(await page.evaluate(() => document.characterSet)).toBe('GBK');

    expect(await popup.locator('.article-title').innerText()).toBe('青石镇老粮仓改建社区图书馆 村民家门口有了“充电站”');
    expect(await metaValue(popup, 'published')).toContain('2019-05-13 10:20');
    expect(await metaValue(popup, 'author')).toBe('张三');
    expect(await metaValue(popup, 'source')).toBe('示例日报');

    const body = await popup.locator('.body-html').innerText();
    expect(body).toContain('5月12日上午，青石镇社区图书馆在镇东头的老粮仓里正式开馆，前来看书、借书的村民从大门口一直排到了晒谷场');
    expect(body).toContain('让老粮仓真正成为村民身边的精神“充电站”。');
    for (const furniture of ['当前位置', '热点排行', '全市高考体检工作启动', '版权所有', '联系我们', '相关新闻'])
      expect(body).not.toContain(furniture);
    expect(body).not.toMatch(/[\ufffd]|é|ã|Ã/);

    await popup.screenshot({ path: `${RESULTS}popup-zh-light.png` });
  });
});
