/**
 * §1.6 gap-filler: images of the body that decorate rather than illustrate, and why. `Article.images`
 * leaves them out, and with extension `dropDecorativeImagesFromHtml` the body's HTML does too (issue 40
 * item 14: a spinner GIF, avatars and an "end of story" image whose alt text was the author's name stood
 * as broken-image icons at the top of the popup's body). Each rule is one switch of `OutputOptions`:
 * - `size` (`dropDecorativeImages`, the list only): a stated side below `minImageSide`, or sides beyond
 *   `maxImageAspect` (icons, bullets, pixels, dividers);
 * - `icon` (`dropDecorativeImagesFromHtml`, the HTML only): every stated side at most `maxIconSide` — the
 *   HTML keeps an inline formula or flag `minImageSide` would take (120×18), not a 16×16 icon or a spinner;
 *   in a table cell a small image is a value (a tick, a status light) and stays;
 * - `name` (`dropDecorativeImages`): a class, id, alt or file name that says so (avatar, icon, emoji, spacer…);
 * - `placeholder` (`dropPlaceholderImages`): a loading spinner or a lazy image's stand-in (`loading.gif`,
 *   `ajax-loader.gif`, `lazy-placeholder.png`, `blank.gif`, `class="spinner"`);
 * - `byline` (`dropBylineImages`): an author's photo — a headshot or profile picture by name, or any image
 *   inside an author or byline block (class, id, itemprop or rel naming the author) of at most
 *   `bylineMaxUnits` text units;
 * - `sign-off` (`dropSignOffImages`): an image whose alt text is the extracted author's name, or an end
 *   mark ("End of story", ■, (完), `class="end-mark"`).
 * Sizes are the page's own attributes only: the rendered box is a lazy image's placeholder (a 1×1 GIF) or a
 * broken image's icon as often as the picture. The source is the one `imageSource` resolved (lazy
 * attributes first), so a lazy image whose `src` is a spinner is judged by its real source.
 */
import type { PageModel } from '../model/page-model.ts';
import { normalizeSpace } from '../text/normalize.ts';

/** Why an image decorates: the rule that took it. */
export type DecorativeWhy = 'size' | 'icon' | 'name' | 'placeholder' | 'byline' | 'sign-off';

/** The decorative-image rules that are on (null or false: off), from `OutputOptions` and the extracted author. */
export interface DecorativeRules {
  /** `dropDecorativeImages`: the list's size rule. */
  readonly size: { readonly minSide: number; readonly maxAspect: number } | null;
  /** `dropDecorativeImages`: the name rule. */
  readonly names: boolean;
  /** `dropDecorativeImagesFromHtml`: the HTML's icon rule (`maxIconSide`), and the HTML is filtered at all. */
  readonly iconSide: number | null;
  /** `dropPlaceholderImages`. */
  readonly placeholder: boolean;
  /** `dropBylineImages`: the largest author block, in text units. */
  readonly bylineMaxUnits: number | null;
  /** `dropSignOffImages`: on, with the extracted author's name (null: none extracted). */
  readonly signOff: { readonly author: string | null } | null;
}

/** Class, id, alt or file-name words of images that decorate: avatars, icons, emoji, spacers, tracking pixels. */
const DECORATIVE_WORD =
  /(?:^|[^a-z])(?:avatars?|gravatar|icons?|emoji|emoticons?|spacer|pixel|blank|divider|separator|bullet)(?:[^a-z]|$)/i;
const DECORATIVE_FOLDER = /^(?:avatars?|icons?|emoji|emoticons?|spacers?)$/i;

/** Words of a file name or class that mark a loading spinner or a lazy image's stand-in. */
const PLACEHOLDER_WORD = /(?:^|[^a-z])(?:throbber|lazy-?load|preloader)(?:[^a-z]|$)/i;
/**
 * The same, for words a photo's file name may hold too: only on a file that is no JPEG. A JPEG so named is a
 * photo ("loading-dock.jpg") or a video's poster ("placeholder-video.jpg" under a player), not a spinner.
 */
const SPINNER_WORD = /(?:^|[^a-z])(?:loading|loader|spinner|placeholder)(?:[^a-z]|$)/i;
const JPEG = /\.jpe?g$/i;
/** Whole file stems of classic stand-ins (`blank.gif`, `clear.gif`): only as the whole stem, as the words are common. */
const PLACEHOLDER_STEM = /^(?:blank|clear|transparent|empty|dot|grey|gray|lazy|1x1|pixel|spacer)$/i;
/**
 * Class words of a spinner. Not "lazy", "loading" or "placeholder": those name a state of the real picture
 * (`class="lazy-image-loading"`, a video's poster `class="media-placeholder"`), whose source is read.
 */
const PLACEHOLDER_CLASS = /(?:^|[^a-z])(?:spinner|throbber|preloader)(?:[^a-z]|$)/i;

/** Class, id, alt or file-name words of an author's photo. */
const BYLINE_PHOTO_WORD =
  /(?:^|[^a-z])(?:head-?shots?|mug-?shots?|author-?(?:photo|image|img|pic|picture|thumb|avatar)s?|byline-?(?:photo|image|img|pic)s?|profile-?(?:photo|image|img|pic|picture)s?|user-?pic|contributor-?(?:photo|image|img))(?:[^a-z]|$)/i;
const BYLINE_PHOTO_FOLDER = /^(?:authors?|headshots?|contributors?|bylines?|profiles?)$/i;
/** Class, id, itemprop or rel words of an author or byline block. */
const BYLINE_BLOCK_WORD =
  /(?:^|[^a-z])(?:authors?|byline|by-line|contributors?|writers?|journalists?|reporters?|author-?bio|bio)(?:[^a-z]|$)/i;

/** Alt texts of an end mark. */
const END_MARK_ALT = /^(?:end|the end|end of (?:the )?(?:story|article|post|text)|end ?mark|fin|ende|fine|完|（完）|\(完\)|■|□|∎|◆|◼|⬛)$/i;
/** Class, id or file-name words of an end mark. */
const END_MARK_WORD = /(?:^|[^a-z])(?:end-?mark|end-?of-?(?:story|article|post)|story-?end|article-?end|end-?sign|tombstone)(?:[^a-z]|$)/i;

/** An alt text that is an emoji (one or a few pictographs, with their joiners and variation selectors). */
const EMOJI_ALT = /^\s*(?:(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3)\s*)+$/u;

/** A leading "By", "Von", "作者：" and the like of a name, and punctuation, set aside to compare names. */
const NAME_LABEL = /^(?:by|von|par|por|door|di|av|przez|作者|记者|文|撰文|责任编辑|编辑)[\s:：/／]*/i;

function normalName(s: string): string {
  return normalizeSpace(s)
    .toLowerCase()
    .replace(NAME_LABEL, '')
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The names of an author field ("Jane Doe and John Roe", "甲、乙"), normalised. */
function authorNames(author: string): Set<string> {
  const names = new Set<string>();
  const whole = normalName(author);
  if (whole) names.add(whole);
  for (const part of author.split(/[,;、，；&]|\s+(?:and|und|et|y|i|e)\s+/i)) {
    const name = normalName(part);
    if (name) names.add(name);
  }
  return names;
}

function attrNumber(m: PageModel, el: number, name: string): number | null {
  const v = Number.parseInt(m.attr(el, name) ?? '', 10);
  return Number.isFinite(v) && v > 0 ? v : null;
}

/** The folders and the file name of an image's source (none for a data: URL). */
function pathParts(src: string): { folders: string[]; file: string } {
  const folders = src.startsWith('data:') ? [] : (src.split(/[?#]/)[0] ?? '').split('/');
  const file = folders.pop() ?? '';
  return { folders, file };
}

function decodePart(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * One body's judge of its images: why each decorates (null: it illustrates), for the list and for the
 * HTML, each image judged once. `onDrop` hears of each image the first time a rule takes it.
 */
export class DecorativeJudge {
  private readonly memo = new Map<number, DecorativeWhy | null>();
  private readonly sizeMemo = new Map<number, DecorativeWhy | null>();
  private readonly author: Set<string>;

  constructor(
    private readonly m: PageModel,
    private readonly root: number,
    private readonly rules: DecorativeRules,
    private readonly onDrop: (img: number, src: string, why: DecorativeWhy, where: 'images' | 'html') => void = () => {},
  ) {
    this.author = rules.signOff?.author ? authorNames(rules.signOff.author) : new Set();
  }

  /** Whether the HTML is filtered at all (`dropDecorativeImagesFromHtml`). */
  get filtersHtml(): boolean {
    return this.rules.iconSide !== null;
  }

  /** Why the image leaves `Article.images`, or null. */
  forList(img: number, src: string): DecorativeWhy | null {
    const size = this.sizeWhy(img, 'images', src);
    return size ?? this.shared(img, src, 'images');
  }

  /**
   * Why the image leaves the body's HTML, or null (always null with `dropDecorativeImagesFromHtml` off). An
   * emoji drawn as an image (`<img class="emoji" alt="🙂">`) stays: in the text it is a word.
   */
  forHtml(img: number, src: string): DecorativeWhy | null {
    if (this.rules.iconSide === null || EMOJI_ALT.test(this.m.attr(img, 'alt') ?? '')) return null;
    return this.sizeWhy(img, 'html', src) ?? this.shared(img, src, 'html');
  }

  private sizeWhy(img: number, where: 'images' | 'html', src: string): DecorativeWhy | null {
    const key = where === 'images' ? img : -1 - img;
    const known = this.sizeMemo.get(key);
    if (known !== undefined) return known;
    const w = attrNumber(this.m, img, 'width');
    const h = attrNumber(this.m, img, 'height');
    let why: DecorativeWhy | null = null;
    if (where === 'images' && this.rules.size) {
      const { minSide, maxAspect } = this.rules.size;
      if ((w !== null && w < minSide) || (h !== null && h < minSide)) why = 'size';
      else if (w !== null && h !== null && Math.max(w, h) >= maxAspect * Math.min(w, h)) why = 'size';
    }
    // In a table cell a small image is a value of the table (a tick, a status light), not furniture.
    if (where === 'html' && this.rules.iconSide !== null && (w !== null || h !== null) && !this.inCell(img)) {
      if ((w ?? 0) <= this.rules.iconSide && (h ?? 0) <= this.rules.iconSide) why = 'icon';
    }
    this.sizeMemo.set(key, why);
    if (why) this.onDrop(img, src, why, where);
    return why;
  }

  private shared(img: number, src: string, where: 'images' | 'html'): DecorativeWhy | null {
    const known = this.memo.get(img);
    if (known !== undefined) return known;
    const why = this.judge(img, src);
    this.memo.set(img, why);
    if (why) this.onDrop(img, src, why, where);
    return why;
  }

  private judge(img: number, src: string): DecorativeWhy | null {
    const m = this.m;
    const { folders, file } = pathParts(src);
    const cls = m.attr(img, 'class') ?? '';
    const id = m.attr(img, 'id') ?? '';
    const alt = m.attr(img, 'alt') ?? '';
    const names = [cls, id, alt, file];
    if (this.rules.names) {
      if (names.some((n) => n && DECORATIVE_WORD.test(n))) return 'name';
      // A folder of icons or avatars ("/icons/print.svg"), named exactly so: not "/icon-of-the-year/photo.jpg".
      if (folders.some((seg) => DECORATIVE_FOLDER.test(seg))) return 'name';
    }
    if (this.rules.placeholder) {
      const stem = decodePart(file).replace(/\.[a-z0-9]{1,5}$/i, '');
      if (PLACEHOLDER_WORD.test(stem) || PLACEHOLDER_STEM.test(stem) || PLACEHOLDER_CLASS.test(cls)) return 'placeholder';
      if (SPINNER_WORD.test(stem) && !JPEG.test(file)) return 'placeholder';
    }
    if (this.rules.bylineMaxUnits !== null) {
      if ([cls, id, file].some((n) => n && BYLINE_PHOTO_WORD.test(n))) return 'byline';
      if (folders.some((seg) => BYLINE_PHOTO_FOLDER.test(seg))) return 'byline';
      if (this.inBylineBlock(img, this.rules.bylineMaxUnits)) return 'byline';
    }
    if (this.rules.signOff) {
      const a = normalizeSpace(alt);
      if (a && END_MARK_ALT.test(a)) return 'sign-off';
      if ([cls, id, file].some((n) => n && END_MARK_WORD.test(n))) return 'sign-off';
      const name = normalName(alt);
      if (name && this.author.has(name)) return 'sign-off';
    }
    return null;
  }

  /** Whether the image lies in a table cell below the body root. */
  private inCell(img: number): boolean {
    const cell = Math.max(this.m.closest(img, 'TD'), this.m.closest(img, 'TH'));
    return cell >= 0 && this.m.contains(this.root, cell);
  }

  /** Whether an ancestor below the body root names an author block and holds at most `maxUnits` text units. */
  private inBylineBlock(img: number, maxUnits: number): boolean {
    const m = this.m;
    for (let el = m.parent[img] as number; el >= 0 && el !== this.root; el = m.parent[el] as number) {
      if ((m.units[el] as number) > maxUnits) return false;
      for (const name of ['class', 'id', 'itemprop', 'rel']) {
        const v = m.attr(el, name);
        if (v && BYLINE_BLOCK_WORD.test(v)) return true;
      }
    }
    return false;
  }
}
