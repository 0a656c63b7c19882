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
import type { UserSetting } from '../shared/user-settings.ts';
import { USER_SETTINGS, validValues } from '../shared/user-settings.ts';

/** Each setting's label and help, by its option path. */
const TEXT: Readonly<Record<string, { readonly label: MessageKey; readonly help: MessageKey }>> = {
  'linkBlocks.distance': { label: 'optDistance', help: 'optDistanceHelp' },
  'linkBlocks.maxCodeDistance': { label: 'optMaxCodeDistance', help: 'optMaxCodeDistanceHelp' },
  'linkBlocks.maxTextDistance': { label: 'optMaxTextDistance', help: 'optMaxTextDistanceHelp' },
  'linkBlocks.minLinks': { label: 'optMinLinks', help: 'optMinLinksHelp' },
  'titleAnchor.simThresholdPct': { label: 'optTitleSimilarity', help: 'optTitleSimilarityHelp' },
};

type Status = 'idle' | 'saved' | 'reset' | 'failed';

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

function Field({
  setting,
  value,
  onChange,
}: {
  readonly setting: UserSetting;
  readonly value: number | string;
  readonly onChange: (v: number | string) => void;
}) {
  const id = `opt-${setting.path.replace('.', '-')}`;
  const text = TEXT[setting.path];
  const label = text ? t(text.label) : setting.path;
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
          onChange={(e) => {
            const v = (e.currentTarget as HTMLInputElement).valueAsNumber;
            if (Number.isFinite(v) && v >= setting.min && v <= setting.max) onChange(v);
          }}
        />
      )}
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
          <Field key={s.path} setting={s} value={values[s.path] ?? s.fallback} onChange={(v) => void save({ ...values, [s.path]: v })} />
        ))}
        <SimilarPageField value={compare} onChange={(v) => void saveCompare(v)} />
        <button type="button" class="button" data-action="reset" onClick={() => void reset()}>
          {t('optReset')}
        </button>
        <p class="status" role="status" aria-live="polite" data-status={status}>
          {status === 'saved' ? t('optSaved') : status === 'reset' ? t('optResetDone') : status === 'failed' ? t('optFailed') : ''}
        </p>
      </form>
      <p class="shortcut">{t('optShortcut')}</p>
    </main>
  );
}
