/**
 * The publication time with its confidence and a "why" explanation (where it was read from, the text,
 * the runner-up candidates), as a hover title and as a button that shows it for keyboard users.
 */
import { useId, useState } from 'preact/hooks';
import type { Provenance, PublishedTime as Time } from '../../core/types.ts';
import { formatIsoTime } from '../format.ts';
import type { MessageKey } from '../i18n.ts';
import { t } from '../i18n.ts';

const FROM_TEXT: Readonly<Record<Provenance, MessageKey>> = {
  'link-title': 'fromLinkTitle',
  'title-block': 'fromTitleBlock',
  'title-element': 'fromTitleElement',
  zone: 'fromZone',
  'json-ld': 'fromJsonLd',
  meta: 'fromMeta',
  'time-element': 'fromTimeElement',
  itemprop: 'fromItemprop',
  'rel-author': 'fromRelAuthor',
  url: 'fromUrl',
  'labelled-date': 'fromLabelledDate',
  'date-line': 'fromDateLine',
  h1: 'fromH1',
};

const MAX_OTHER_CANDIDATES = 3;
/** Length of `YYYY-MM-DDTHH:MM`. */
const MINUTE_CHARS = 16;

/** The lines of the "why" explanation. */
export function explainTime(time: Time): string[] {
  if (!time.iso || !time.from) return [t('whyNone')];
  const lines = [t('whyFrom', t(FROM_TEXT[time.from]), time.detail || time.from)];
  const chosen = time.candidates.find((c) => c.iso === time.iso);
  if (chosen?.text) lines.push(t('whyText', chosen.text));
  // Candidates are compared to the minute: "2019-03-14T08:30" and "2019-03-14T08:30:00Z" are one time.
  const minute = (iso: string) => iso.slice(0, MINUTE_CHARS);
  const others = [...new Set(time.candidates.map((c) => minute(c.iso)))]
    .filter((m) => m !== minute(time.iso ?? ''))
    .slice(0, MAX_OTHER_CANDIDATES);
  if (others.length) lines.push(t('whyCandidates', others.map(formatIsoTime).join(', ')));
  return lines;
}

export function PublishedTime({ time }: { readonly time: Time }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!time.iso) return <span class="missing">{t('notFound')}</span>;
  const why = explainTime(time);
  return (
    <span class="published">
      <time dateTime={time.iso}>{formatIsoTime(time.iso)}</time>
      <span class="confidence">{t('confidence', Math.round(time.confidence * 100))}</span>
      <button
        type="button"
        class="link-button"
        title={why.join('\n')}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {t('why')}
      </button>
      {open && (
        <span id={id} class="why">
          {why.map((line) => (
            <span key={line} class="why-line">
              {line}
            </span>
          ))}
        </span>
      )}
    </span>
  );
}
