/**
 * Issue 41: over every dev set in ../shared/datasets (skipped when the folder is absent), no chosen author
 * is the site's own name (its declared name, or the host written as a name), a label word, an e-mail
 * placeholder, an id, or holds a role word (a personal site's owner, whose name the host spells, is no
 * junk). The checks are written here apart from the cleaning's, so
 * that they are a second opinion, not the cleaning run twice.
 *
 * Cost: every page of the sets with author gold (gne, cwce, readability, googletrends) and the first
 * AUTHOR_JUNK_PAGES (default 40) of each other set; AUTHOR_JUNK_PAGES=all reads every page (about 3 500).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeDataset, loadDataset } from '../../src/eval/dataset.ts';
import { extractInDom } from '../../src/node/engines/dom-extract.ts';
import { usablePageUrl } from '../../src/node/page-url.ts';
import { readPage } from '../../src/node/read-page.ts';

const DATASETS = fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));
const SETS = [
  'gne',
  'cwce',
  'readability',
  'googletrends',
  'htmldate',
  'daniel',
  'big9',
  'dragnet',
  'cleaneval',
  'chaos',
  'scrapinghub',
  'indexpages',
];
const WITH_AUTHOR_GOLD = new Set(['gne', 'cwce', 'readability', 'googletrends']);
const LIMIT = process.env['AUTHOR_JUNK_PAGES'] === 'all' ? Infinity : Number(process.env['AUTHOR_JUNK_PAGES'] ?? 40);

const LABEL_WORDS = new Set([
  '注意到',
  '未知',
  '网络整理',
  '佚名',
  '本站',
  '小编',
  '网友',
  '管理员',
  '系统管理员',
  'admin',
  'view profile',
  'unknown',
  'anonymous',
]);
const ROLE = /记者|通讯员|整合|专栏作者|实习生|责任编辑|^by\s|staff writer|editorial assistant/i;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const ID = /^[A-Za-z]{1,4}\d{2,}$/;
const letters = (s: string): string =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** The address a saved page gives itself: its canonical link's or og:url's, or null. */
function ownAddress(html: string): string | null {
  const m =
    /<link\b[^>]*\brel=["']?canonical["']?[^>]*\bhref=["']([^"']+)["']/i.exec(html) ??
    /<meta\b[^>]*\bproperty=["']og:url["'][^>]*\bcontent=["']([^"']+)["']/i.exec(html);
  const address = m?.[1] ?? null;
  return address && URL.canParse(address) ? address : null;
}

/** Why an author is junk, or null. */
export function junk(author: string, site: string | null, url: string | null): string | null {
  const a = author.trim();
  if (LABEL_WORDS.has(a.toLowerCase())) return 'a label word';
  if (ROLE.test(a)) return 'a role word';
  if (EMAIL.test(a)) return 'an e-mail';
  if (ID.test(a)) return 'an id';
  const host = url && URL.canParse(url) ? new URL(url).hostname.replace(/^www\d*\./, '') : '';
  // A personal site is named after its owner: the author, when the host spells the name (wolfgangschmale.eu).
  const personal = host !== '' && letters(host).includes(letters(a));
  if (site && letters(site) === letters(a) && !personal) return "the site's name";
  if (
    host &&
    (letters(host) === letters(a) || letters(host.split('.')[0] ?? '') === letters(a)) &&
    !/^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+$/u.test(a)
  )
    return 'the host written as a name';
  return null;
}

describe.skipIf(!existsSync(DATASETS))('no junk author on any dev set (issue 41)', () => {
  for (const name of SETS) {
    const dir = `${DATASETS}${name}`;
    it.skipIf(!existsSync(dir))(
      name,
      async () => {
        const set = loadDataset(dir);
        const found: string[] = [];
        try {
          const pages = WITH_AUTHOR_GOLD.has(name) ? set.pages : set.pages.slice(0, LIMIT);
          for (const page of pages) {
            if (page.path === null) continue;
            const { url } = usablePageUrl(page.url);
            const html = readPage(page.path).html;
            const { article } = await extractInDom({ html, url, linkTitle: null, now: '2026-01-01' }, {});
            // Without a URL the page's own address (its canonical link, og:url) or the gold's site (a host) stands for it.
            const site = set.gold.get(page.id)?.site ?? null;
            const host = url ?? ownAddress(html) ?? (site && /\./.test(site) ? `http://${site}/` : null);
            const why = article.author ? junk(article.author, article.site, host) : null;
            if (why) found.push(`${page.id}: ${article.author} (${why})`);
          }
        } finally {
          closeDataset(set);
        }
        expect(found).toEqual([]);
      },
      3_600_000,
    );
  }
});
