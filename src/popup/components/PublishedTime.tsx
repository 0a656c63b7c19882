/**
 * The publication time with its confidence and a "why" explanation (which rule chose it, where it was read
 * from, the text, the runner-up candidates), as a hover title and as a button that shows it for keyboard
 * users. With no time, the button says how many date candidates the page had and why none was taken.
 */
import { useId, useState } from 'preact/hooks';
import type { PublishedTime as Time } from '../../core/types.ts';
import { formatIsoTime } from '../format.ts';
import { t } from '../i18n.ts';
import { explainTime } from '../time-why.ts';

export function PublishedTime({ time }: { readonly time: Time }) {
  const [open, setOpen] = useState(false);
  const id = useId();
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
      <button
        type="button"
        class="link-button"
        title={why.map((l) => (l.item ? `  • ${l.text}` : l.text)).join('\n')}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {t('why')}
      </button>
      {open && (
        <span id={id} class="why">
          {why.map((l, i) => (
            <span key={i} class={l.item ? 'why-line why-item' : 'why-line'}>
              {l.text}
            </span>
          ))}
        </span>
      )}
    </span>
  );
}
