/**
 * The popup never renders more of a text than the core's limit for it (`limits.max*Chars`), whatever the
 * content script sent: a 1 MiB title took 4 s to lay out. The popup extracts with the default options,
 * so the defaults are the limits.
 */
import { DEFAULT_OPTIONS } from '../core/options.ts';
import { cutText } from '../core/text/cut.ts';

const LIMITS = DEFAULT_OPTIONS.limits;

export const clipTitle = (text: string): string => cutText(text, LIMITS.maxTitleChars);
export const clipAuthor = (text: string): string => cutText(text, LIMITS.maxAuthorChars);
export const clipSource = (text: string): string => cutText(text, LIMITS.maxSourceChars);
/** Alt text, captions, link text, the link title. */
export const clipLabel = (text: string): string => cutText(text, LIMITS.maxLabelChars);
