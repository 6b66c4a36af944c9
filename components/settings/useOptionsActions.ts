// What the options page's buttons do, each saying its outcome in the status region. Test connection
// may be pressed again while one runs: each press is numbered and only the newest answer counts.
import { useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { saveSettings } from '../../lib/settings';
import {
  accessDeniedText,
  checkForTest,
  type FormValues,
  requestHostAccess,
  savedText,
  testOutcome,
  validateForm,
} from '../../lib/settings/form';
import type { SettingsForm } from './useSettingsForm';

export interface OptionsActions {
  /** An address that answered Test connection instead of the one typed. */
  suggestion: string | null;
  /** A test is running (the newest press has no answer yet). */
  testing: boolean;
  /** Save, straight from the click. */
  save: () => void;
  /** Toggles and the default privacy apply at once, without Save. */
  saveNow: (patch: Partial<FormValues>) => void;
  test: () => Promise<void>;
  acceptSuggestion: (url: string) => void;
  /** Settles with whether the key was removed. */
  removeKey: () => Promise<boolean>;
}

export function useOptionsActions(form: SettingsForm, send: Sender): OptionsActions {
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  /** The number of the newest Test connection press; only its answer is shown. */
  const latestTest = useRef(0);
  const { values, locked, set, setErrors, setStatus, showInvalid, applySaved } = form;
  const failed = () => setStatus(t('options_save_failed'));

  function save() {
    if (!values) return;
    const checked = validateForm(values, locked);
    if (!checked.ok) {
      showInvalid(checked.errors);
      return;
    }
    setErrors({});
    setSuggestion(null);
    // From the click, and never waited on: in some browsers the prompt never answers.
    const access = requestHostAccess(checked.serviceUrl);
    saveSettings(checked.patch).then((result) => {
      if (!result.ok) {
        showInvalid(result.errors);
        return;
      }
      applySaved(result, false);
      setStatus(savedText(result.settings));
      const denied = () => access && setStatus(accessDeniedText(access.host));
      access?.granted.then((granted) => !granted && denied(), denied);
    }, failed);
  }

  function saveNow(patch: Partial<FormValues>) {
    set(patch);
    saveSettings(patch).then((result) => {
      if (!result.ok) {
        setErrors((current) => ({ ...current, ...result.errors }));
        setStatus(t('options_not_saved'));
        return;
      }
      applySaved(result, true);
      setStatus(t('options_saved'));
    }, failed);
  }

  async function test() {
    if (!values) return;
    // This press wins over any test still running, even when it sends nothing.
    const press = ++latestTest.current;
    const isLatest = () => press === latestTest.current;
    setSuggestion(null);
    const checked = checkForTest(values);
    if (!checked.ok) {
      setTesting(false);
      setErrors(checked.errors);
      setStatus(Object.values(checked.errors)[0] ?? '');
      return;
    }
    // The values as typed, to tell when the user edits them after this press.
    const typed = { serviceUrl: values.serviceUrl, apiKey: values.apiKey };
    const address = checked.request.serviceUrl;
    setTesting(true);
    setErrors({});
    setStatus(t('options_testing', address), typed);
    try {
      const answer = await send({ type: 'testConnection', ...checked.request });
      if (!isLatest()) return;
      const outcome = testOutcome(answer, address);
      setStatus(outcome.text, typed);
      setSuggestion(outcome.suggestion ?? null);
      if (outcome.errors) setErrors(outcome.errors);
    } finally {
      if (isLatest()) setTesting(false);
    }
  }

  function acceptSuggestion(url: string) {
    set({ serviceUrl: url });
    setSuggestion(null);
    setErrors((current) => ({ ...current, serviceUrl: undefined }));
    setStatus(t('options_url_filled', url));
  }

  function removeKey(): Promise<boolean> {
    return saveSettings({ apiKey: '' }).then(
      (result) => {
        if (!result.ok) return false;
        set({ apiKey: '' });
        setStatus(t('options_key_removed'));
        return true;
      },
      () => {
        failed();
        return false;
      },
    );
  }

  return { suggestion, testing, save, saveNow, test, acceptSuggestion, removeKey };
}
