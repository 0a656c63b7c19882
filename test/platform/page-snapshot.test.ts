// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest';
import { hideOverlay, showOverlay } from '../../src/overlay/index.ts';
import { snapshotPage } from '../../src/platform/page-snapshot.ts';
import { OVERLAY_TAG_PREFIX } from '../../src/platform/overlay-host.ts';
import { makeArticle } from '../extension/article-fixture.ts';

afterEach(() => {
  hideOverlay(document);
  document.head.innerHTML = '';
});

describe('snapshotPage', () => {
  test('the page as it is now, with the overlay left out wherever the page put it', () => {
    document.head.innerHTML = '<meta charset="utf-8"><title>River</title>';
    document.body.innerHTML = '<h1 class="t">River</h1><p data-x="1">Text <img src="a.png" loading="lazy"></p>';
    const before = snapshotPage(document).html;
    showOverlay(document, makeArticle());
    // A page that moves the host into its body does not get it into the snapshot either.
    const host = document.documentElement.firstElementChild as Element;
    expect(host.localName.startsWith(OVERLAY_TAG_PREFIX)).toBe(true);
    const { html, charsetRewritten } = snapshotPage(document);
    expect(html).toBe(before);
    document.body.append(host);
    expect(snapshotPage(document).html).toBe(before);
    expect(html).not.toContain(OVERLAY_TAG_PREFIX);
    expect(html).toContain('<h1 class="t">River</h1>');
    expect(charsetRewritten).toBeNull();
  });

  test('a declared charset other than UTF-8 is rewritten to UTF-8 (the snapshot is stored as UTF-8) and reported', () => {
    document.head.innerHTML = '<meta http-equiv="Content-Type" content="text/html; charset=gb2312"><meta charset="GBK">';
    document.body.innerHTML = '<p>河边的图书馆</p>';
    const { html, charsetRewritten } = snapshotPage(document);
    expect(charsetRewritten).toBe('gb2312');
    expect(html).toContain('content="text/html; charset=utf-8"');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('河边的图书馆');
    // The live page is untouched.
    expect(document.head.innerHTML).toContain('charset=gb2312');
  });
});
