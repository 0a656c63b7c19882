/**
 * The publication time with its confidence and a "why" explanation: in the reader's words (picked among
 * how many dates, where it was read — the meta tag by name, the text, the address — and the page's other
 * dates) as a hover title and as a button that shows it for keyboard users; the annotator's details (the
 * rule, decision values, element paths, runner-ups) folded below, on demand. With no time, the button says
 * how many dates the page had and that none looked like its publication time. The author's and the
 * source's rows use the same button (`WhyButton`, issue 41).
 */
import { useId, useState } from 'preact/hooks';
import type { PublishedTime as Time } from '../../core/types.ts';
import { formatIsoTime } from '../format.ts';
import { t } from '../i18n.ts';
import type { TimeWhy, WhyLine } from '../time-why.ts';
import { explainTime } from '../time-why.ts';

export function Lines({ lines }: { readonly lines: readonly WhyLine[] }) {
  return (
    <>
      {lines.map((l, i) => (
        <span key={i} class={l.item ? 'why-line why-item' : 'why-line'}>
          {l.text}
        </span>
      ))}
    </>
  );
}

/** The "Why?" button and what it opens: the reader's lines, the annotator's details folded below. */
export function WhyButton({ why }: { readonly why: TimeWhy }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        class="link-button"
        title={why.reader.map((l) => l.text).join('\n')}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {t('why')}
      </button>
      {open && (
        <span id={id} class="why">
          <Lines lines={why.reader} />
          {why.details.length > 0 && (
            <details class="why-details">
              <summary>{t('whyDetails')}</summary>
              <Lines lines={why.details} />
            </details>
          )}
        </span>
      )}
    </>
  );
}

export function PublishedTime({ time }: { readonly time: Time }) {
  if (!time.iso && time.found === 0) return <span class="missing">{t('notFound')}</span>;
  const why = explainTime(time);
  return (
    <span class="published">
      {time.iso ? (
        <>
          <time dateTime={time.iso}>{formatIsoTime(time.iso)}</time>
          <span class="confidence">{t('confidence', Math.round(time.confidence * 100))}</span>
        </>
      ) : (
        <span class="missing">{t('notFound')}</span>
      )}
      <WhyButton why={why} />
    </span>
  );
}
