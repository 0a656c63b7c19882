/**
 * The options page: the UI language (the browser's, or one of the catalogues, for the popup and this
 * page), the extraction settings a reader may change (src/shared/user-settings.ts), each with its default,
 * and the switch "Compare with another page of this site" (method 4; also in the popup), saved as they
 * change and used by the next extraction; and a reset to the defaults. Keyboard only works throughout
 * (labelled native inputs).
 */
import { useEffect, useState } from 'preact/hooks';
import type { MessageKey, UiLanguage } from '../popup/i18n.ts';
import { UI_LANGUAGES, isUiLanguage, storeUiLanguage, storedUiLanguage, t, uiLanguage } from '../popup/i18n.ts';
import type { UserValues } from '../shared/user-options.ts';
import {
  clearStoredValues,
  readCompareSimilarPage,
  readStoredValues,
  writeCompareSimilarPage,
  writeStoredValues,
} from '../shared/user-options.ts';
import type { Refusal, UserSetting } from '../shared/user-settings.ts';
import { USER_SETTINGS, refusalOf, validValues } from '../shared/user-settings.ts';

/** Each setting's label and help, by its option path. */
const TEXT: Readonly<Record<string, { readonly label: MessageKey; readonly help: MessageKey }>> = {
  'linkBlocks.distance': { label: 'optDistance', help: 'optDistanceHelp' },
  'linkBlocks.maxCodeDistance': { label: 'optMaxCodeDistance', help: 'optMaxCodeDistanceHelp' },
  'linkBlocks.maxTextDistance': { label: 'optMaxTextDistance', help: 'optMaxTextDistanceHelp' },
  'linkBlocks.minLinks': { label: 'optMinLinks', help: 'optMinLinksHelp' },
  'titleAnchor.simThresholdPct': { label: 'optTitleSimilarity', help: 'optTitleSimilarityHelp' },
};

type Status = 'idle' | 'saved' | 'reset' | 'failed' | { readonly refused: string };

/** A refused value typed as `typed`, and why, in the reader's words. */
function refusalText(refusal: Refusal, typed: string): string {
  switch (refusal.kind) {
    case 'range':
      return typed.trim() === '' || !Number.isFinite(Number(typed))
        ? t('optRefusedEmpty', refusal.min, refusal.max)
        : t('optRefusedRange', typed.trim(), refusal.min, refusal.max);
    case 'choice':
      return t('optRefusedChoice', refusal.choices.join(', '));
    case 'options':
      return t('optRefusedOptions', refusal.message);
  }
}

function statusText(status: Status): string {
  if (typeof status === 'object') return status.refused;
  return status === 'saved' ? t('optSaved') : status === 'reset' ? t('optResetDone') : status === 'failed' ? t('optFailed') : '';
}

/** The language names, each in its own language. */
const LANGUAGE_NAMES: Readonly<Record<UiLanguage, string>> = { en: 'English', zh_CN: '中文（简体）' };

/** The UI language: the browser's, or a catalogue of ours; a change reloads the page in it. */
function LanguageField({ value }: { readonly value: UiLanguage | null }) {
  const choose = async (next: string): Promise<void> => {
    await storeUiLanguage(isUiLanguage(next) ? next : null);
    location.reload();
  };
  return (
    <div class="field" data-path="uiLanguage">
      <label for="opt-ui-language">{t('optLanguage')}</label>
      <select id="opt-ui-language" value={value ?? 'browser'} onChange={(e) => void choose((e.currentTarget as HTMLSelectElement).value)}>
        <option value="browser">{t('optLanguageBrowser')}</option>
        {(Object.keys(UI_LANGUAGES) as UiLanguage[]).map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
      <p class="help">{t('optLanguageHelp')}</p>
    </div>
  );
}

/** "Compare with another page of this site": fetches a page the reader did not open, hence off by default. */
function SimilarPageField({ value, onChange }: { readonly value: boolean; readonly onChange: (v: boolean) => void }) {
  return (
    <div class="field field-switch" data-path="compareSimilarPage">
      <label for="opt-compare-similar-page">
        <input
          id="opt-compare-similar-page"
          type="checkbox"
          checked={value}
          onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)}
        />{' '}
        {t('similarPageSwitch')}
      </label>
      <p class="help">
        {t('similarPageHelp')} {t('optDefault', t('optOff'))}
      </p>
    </div>
  );
}

function settingLabel(setting: UserSetting): string {
  const text = TEXT[setting.path];
  return text ? t(text.label) : setting.path;
}

/**
 * One setting. A number is checked as it is typed (`onInput`) and saved when focus moves on (`onChange`);
 * a refused one says why under the field at once, and is not saved.
 */
function Field({
  setting,
  value,
  refused,
  onInput,
  onChange,
}: {
  readonly setting: UserSetting;
  readonly value: number | string;
  /** Why the value typed was refused, or null. */
  readonly refused: string | null;
  readonly onInput: (typed: string) => void;
  readonly onChange: (typed: string) => void;
}) {
  const id = `opt-${setting.path.replace('.', '-')}`;
  const text = TEXT[setting.path];
  const label = settingLabel(setting);
  const refusalId = `${id}-refusal`;
  return (
    <div class="field" data-path={setting.path}>
      <label for={id}>{label}</label>
      {setting.kind === 'choice' ? (
        <select id={id} value={String(value)} onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)}>
          {setting.choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="number"
          min={setting.min}
          max={setting.max}
          step={setting.step}
          value={value}
          aria-invalid={refused !== null}
          aria-describedby={refused !== null ? refusalId : undefined}
          onInput={(e) => onInput((e.currentTarget as HTMLInputElement).value)}
          onChange={(e) => onChange((e.currentTarget as HTMLInputElement).value)}
        />
      )}
      {refused !== null ? (
        <p class="refusal" id={refusalId}>
          {refused}
        </p>
      ) : null}
      <p class="help">
        {text ? t(text.help) : ''} {t('optDefault', String(setting.fallback))}
      </p>
    </div>
  );
}

export function OptionsApp() {
  const [values, setValues] = useState<UserValues | null>(null);
  const [compare, setCompare] = useState(false);
  const [language, setLanguage] = useState<UiLanguage | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  /**
   * What is typed in a field and not saved yet (kept there, not reset to the saved value by a render),
   * and why it was refused (null: not refused), by the setting's path.
   */
  const [drafts, setDrafts] = useState<Readonly<Record<string, { readonly typed: string; readonly why: string | null }>>>({});
  useEffect(() => {
    document.documentElement.lang = uiLanguage();
    document.title = `${t('appName')}: ${t('optTitle')}`;
    void storedUiLanguage().then(setLanguage);
    void readCompareSimilarPage().then(setCompare);
    void readStoredValues().then((raw) => setValues(validValues(raw)));
  }, []);
  if (!values) return null;
  const save = async (next: UserValues): Promise<void> => {
    setValues(next);
    try {
      await writeStoredValues(validValues(next));
      setStatus('saved');
    } catch {
      setStatus('failed');
    }
  };
  /** Why `typed` cannot be saved for `setting`, or null; the field's note follows it. */
  const check = (setting: UserSetting, typed: string): string | null => {
    const value = setting.kind === 'number' ? (typed.trim() === '' ? Number.NaN : Number(typed)) : typed;
    const refusal = refusalOf(setting, value, values);
    const why = refusal ? refusalText(refusal, typed) : null;
    setDrafts((all) => ({ ...all, [setting.path]: { typed, why } }));
    return why;
  };
  const change = (setting: UserSetting, typed: string): void => {
    const why = check(setting, typed);
    if (why !== null) {
      setStatus({ refused: t('optNotSaved', settingLabel(setting), why) });
      return;
    }
    setDrafts((all) => Object.fromEntries(Object.entries(all).filter(([path]) => path !== setting.path)));
    void save({ ...values, [setting.path]: setting.kind === 'number' ? Number(typed) : typed });
  };
  const saveCompare = async (next: boolean): Promise<void> => {
    setCompare(next);
    try {
      await writeCompareSimilarPage(next);
      setStatus('saved');
    } catch {
      setStatus('failed');
    }
  };
  const reset = async (): Promise<void> => {
    await Promise.all([clearStoredValues(), writeCompareSimilarPage(false)]);
    setValues({});
    setDrafts({});
    setCompare(false);
    setStatus('reset');
    if (language) {
      await storeUiLanguage(null);
      location.reload();
    }
  };
  return (
    <main class="options">
      <h1>{t('optTitle')}</h1>
      <p class="intro">{t('optIntro')}</p>
      <form onSubmit={(e) => e.preventDefault()}>
        <LanguageField value={language} />
        {USER_SETTINGS.map((s) => (
          <Field
            key={s.path}
            setting={s}
            value={drafts[s.path]?.typed ?? values[s.path] ?? s.fallback}
            refused={drafts[s.path]?.why ?? null}
            onInput={(typed) => {
              if (check(s, typed) !== null && status !== 'idle') setStatus('idle');
            }}
            onChange={(typed) => change(s, typed)}
          />
        ))}
        <SimilarPageField value={compare} onChange={(v) => void saveCompare(v)} />
        <button type="button" class="button" data-action="reset" onClick={() => void reset()}>
          {t('optReset')}
        </button>
        <p class="status" role="status" aria-live="polite" data-status={typeof status === 'object' ? 'refused' : status}>
          {statusText(status)}
        </p>
      </form>
      <p class="shortcut">{t('optShortcut')}</p>
    </main>
  );
}
