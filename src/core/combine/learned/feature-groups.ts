/**
 * The word groups and tags the block model's columns are read by (feature-columns.ts): plain data,
 * importing nothing.
 */

/** Word groups read from the class and id of a block's ancestors (tokens split at non-letters and camelCase). */
export const CLASS_GROUPS = {
  comment: ['comment', 'comments', 'reply', 'replies', 'respond', 'disqus', 'discussion', 'pinglun'],
  related: [
    'related',
    'recommend',
    'recommended',
    'popular',
    'trending',
    'mostread',
    'most',
    'more',
    'also',
    'next',
    'prev',
    'previous',
    'outbrain',
    'taboola',
    'teaser',
    'teasers',
    'xgwz',
    'xiangguan',
  ],
  share: ['share', 'sharing', 'social', 'facebook', 'twitter', 'whatsapp', 'email', 'print', 'follow', 'fenxiang'],
  media: [
    'caption',
    'credit',
    'photo',
    'image',
    'img',
    'gallery',
    'media',
    'video',
    'figure',
    'slideshow',
    'slide',
    'thumb',
    'thumbnail',
    'pic',
  ],
  ad: ['ad', 'ads', 'advert', 'advertisement', 'sponsor', 'sponsored', 'promo', 'promotion', 'banner', 'dfp', 'gg', 'guanggao'],
  subscribe: ['newsletter', 'subscribe', 'subscription', 'signup', 'register', 'login', 'paywall', 'cta'],
  footer: ['footer', 'foot', 'copyright', 'bottom', 'legal', 'disclaimer'],
  header: ['header', 'masthead', 'top', 'topbar', 'logo', 'head'],
  nav: ['nav', 'navigation', 'menu', 'breadcrumb', 'breadcrumbs', 'crumb', 'pagination', 'pager', 'tabs', 'daohang'],
  sidebar: ['sidebar', 'side', 'aside', 'rail', 'widget', 'right', 'left', 'col', 'column'],
  tags: ['tag', 'tags', 'topic', 'topics', 'keyword', 'keywords', 'category', 'categories'],
  byline: ['byline', 'author', 'date', 'time', 'meta', 'dateline', 'info', 'timestamp', 'source', 'editor'],
  article: ['article', 'content', 'body', 'story', 'post', 'entry', 'text', 'main', 'detail', 'news', 'blog', 'cont', 'zhengwen'],
} as const;

export type ClassGroup = keyof typeof CLASS_GROUPS;
export const GROUP_NAMES = Object.keys(CLASS_GROUPS) as ClassGroup[];
export const GROUP_BIT = new Map<string, number>();
GROUP_NAMES.forEach((g, i) => {
  for (const w of CLASS_GROUPS[g]) GROUP_BIT.set(w, (GROUP_BIT.get(w) ?? 0) | (1 << i));
});

/** Ancestor tags that say where a block sits. */
export const PLACE_TAGS = [
  'FIGURE',
  'LI',
  'TABLE',
  'HEADER',
  'FOOTER',
  'NAV',
  'ASIDE',
  'FORM',
  'ARTICLE',
  'BLOCKQUOTE',
  'A',
  'SECTION',
  'MAIN',
] as const;
export const PLACE_BIT = new Map<string, number>(PLACE_TAGS.map((t, i) => [t, 1 << i]));

/** The owner's own tag, one column each (the rest is "other"). */
export const OWN_TAGS = [
  'P',
  'DIV',
  'LI',
  'TD',
  'TH',
  'SPAN',
  'DD',
  'DT',
  'FIGCAPTION',
  'BLOCKQUOTE',
  'PRE',
  'A',
  'SECTION',
  'TABLE',
  'BODY',
] as const;
