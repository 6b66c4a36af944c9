// What the options page's buttons do, each saying its outcome in the status region. Test connection
// may be pressed again while one runs: each press is numbered and only the newest answer counts.
// Save first asks the service whose key it writes over an account's key (checkAccountKey).
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { type SaveTarget, type Settings, saveSettings } from '../../lib/settings';
import {
  accessDeniedText,
  checkForTest,
  type FormValues,
  formOfAccount,
  type HostAccessRequest,
  needsKeyCheck,
  requestHostAccess,
  savedText,
  testOutcome,
  validateForm,
} from '../../lib/settings/form';
import type { SettingsForm } from './useSettingsForm';

/** Save waits for the user: the key is another account's, or the service does not say. */
export interface KeyQuestion {
  verdict: 'other' | 'unknown';
  /** The values checked, saved as the user answers, and the account they were typed for. */
  patch: Partial<Settings>;
  target: SaveTarget;
  access: HostAccessRequest | null;
}

export interface OptionsActions {
  /** An address that answered Test connection instead of the one typed. */
  suggestion: string | null;
  /** A test is running (the newest press has no answer yet). */
  testing: boolean;
  /** What Save asks before it writes a key, or null. */
  question: KeyQuestion | null;
  /** Save, straight from the click. */
  save: () => void;
  /** Answers the question: the edited account's new key, or a new account. */
  answer: (asNew: boolean) => void;
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
  const [question, setQuestion] = useState<KeyQuestion | null>(null);
  /** The number of the newest Test connection press; only its answer is shown. */
  const latestTest = useRef(0);
  /** The number of the newest Save press: an older one's key check is not acted on. */
  const latestSave = useRef(0);
  const { values, locked, set, setErrors, setStatus, showInvalid, applySaved } = form;
  const { accounts, editing, edited, name } = form;
  const failed = () => setStatus(t('options_save_failed'));
  // A question is about the account it was asked for: another one in the form drops it.
  useEffect(() => setQuestion(null), [editing]);

  /** Where Save writes: the edited account, or a new one (the first: whatever is in use). */
  const targetOf = (asNew: boolean): SaveTarget => {
    if (asNew) return { account: 'new', name: '' };
    if (editing !== 'new') return { account: editing, name };
    return accounts.length === 0 ? { name } : { account: 'new', name };
  };

  function write(patch: Partial<Settings>, target: SaveTarget, access: HostAccessRequest | null) {
    const asNew = target.account === 'new' && editing !== 'new';
    const before = new Set(accounts.map((account) => account.id));
    saveSettings(patch, target).then((result) => {
      if (!result.ok) {
        showInvalid(result.errors);
        return;
      }
      const made = result.accounts.find((account) => !before.has(account.id));
      const next =
        target.account === 'new' ? (made?.id ?? 'new') : (target.account ?? result.account?.id);
      applySaved(result, false, next);
      const account = result.accounts.find((candidate) => candidate.id === next);
      setStatus(
        asNew && made
          ? t('options_saved_new_account', made.name)
          : savedText(formOfAccount(result.settings, account)),
      );
      const denied = () => access && setStatus(accessDeniedText(access.host));
      access?.granted.then((granted) => !granted && denied(), denied);
    }, failed);
  }

  async function save() {
    if (!values) return;
    const press = ++latestSave.current;
    setQuestion(null);
    const checked = validateForm(values, locked);
    if (!checked.ok) {
      showInvalid(checked.errors);
      return;
    }
    setErrors({});
    setSuggestion(null);
    // From the click, and never waited on: in some browsers the prompt never answers.
    const access = requestHostAccess(checked.serviceUrl);
    const typed = { serviceUrl: checked.serviceUrl, apiKey: checked.patch.apiKey ?? values.apiKey };
    if (!edited || !needsKeyCheck(edited, typed)) {
      write(checked.patch, targetOf(false), access);
      return;
    }
    setStatus(t('options_checking_key'));
    const answer = await send({ type: 'checkAccountKey', account: edited.id, ...typed });
    if (press !== latestSave.current) return;
    if (!answer.ok) {
      // A refused key or an unreachable service, said as Test connection says it.
      const outcome = testOutcome(answer, typed.serviceUrl);
      setStatus(outcome.text);
      if (outcome.errors) setErrors(outcome.errors);
      return;
    }
    const { verdict } = answer.data;
    if (verdict === 'same') {
      write(checked.patch, targetOf(false), access);
      return;
    }
    setQuestion({ verdict, patch: checked.patch, target: targetOf(false), access });
    setStatus(
      verdict === 'other' ? t('error_other_account_key') : t('options_key_question', edited.name),
    );
  }

  function answer(asNew: boolean) {
    if (!question) return;
    setQuestion(null);
    write(question.patch, asNew ? targetOf(true) : question.target, question.access);
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
      const answer = await send({
        type: 'testConnection',
        ...checked.request,
        ...(editing !== 'new' && { account: editing }),
      });
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
    // A new account has nothing stored yet: its key is only in the box.
    if (editing === 'new' && accounts.length > 0) {
      set({ apiKey: '' });
      return Promise.resolve(true);
    }
    return saveSettings({ apiKey: '' }, editing === 'new' ? {} : { account: editing }).then(
      (result) => {
        if (!result.ok) return false;
        applySaved(result, true);
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

  return {
    suggestion,
    testing,
    question,
    save,
    answer,
    saveNow,
    test,
    acceptSuggestion,
    removeKey,
  };
}
