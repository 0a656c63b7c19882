/**
 * `eval --similar auto` (method 4): for each page of a set, another page of the same site from the same set
 * to serve as its similar page — pages with the same gold `site` (gne, daniel, big9, dragnet), else the same
 * URL host — never the page itself. The partner is the next page of the site in the set's order (the last
 * one's is the first), so that every page of a site with two or more pages has one and the choice is fixed.
 */
import type { Dataset, DatasetPage } from './dataset.ts';

export interface SimilarPartner {
  readonly page: DatasetPage;
  /** Why this page: "same site (163) as the page", "same host (www.bbc.com) as the page". */
  readonly why: string;
}

/** Each page's partner; pages of a site with no other page in the set have none. */
export function similarPartners(dataset: Dataset): ReadonlyMap<string, SimilarPartner> {
  const groups = new Map<string, DatasetPage[]>();
  for (const page of dataset.pages) {
    const key = siteKey(dataset, page);
    if (key === null) continue;
    const group = groups.get(key) ?? [];
    group.push(page);
    groups.set(key, group);
  }
  const out = new Map<string, SimilarPartner>();
  for (const [key, pages] of groups) {
    if (pages.length < 2) continue;
    const [kind, name] = key.split('\u0000') as [string, string];
    pages.forEach((page, i) => {
      const partner = pages[(i + 1) % pages.length]!;
      out.set(page.id, { page: partner, why: `same ${kind} (${name}) as the page` });
    });
  }
  return out;
}

/** The page's site: its gold `site`, else its URL's host; null when it has neither. */
function siteKey(dataset: Dataset, page: DatasetPage): string | null {
  const site = dataset.gold.get(page.id)?.site;
  if (site) return `site\u0000${site}`;
  if (!page.url) return null;
  try {
    const host = new URL(page.url).host;
    return host ? `host\u0000${host}` : null;
  } catch {
    return null;
  }
}
