// The options page: connects the extension to a service and sets the defaults. The API key is
// shown here only (masked unless asked), and only this page and the background read it.
import type { Ref, TargetedInputEvent, TargetedSubmitEvent } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PrivacyPicker } from '../../components/PrivacyPicker';
import { t } from '../../lib/i18n';
import {
  accessDeniedText,
  checkForTest,
  type FormValues,
  requestHostAccess,
  savedText,
  testOutcome,
  validateForm,
} from '../../lib/options/form';
import { type Sender, send as sendToBackground } from '../../lib/send';
import {
  type FieldErrors,
  type LoadedSettings,
  loadSettings,
  onSettingsChanged,
  type SaveResult,
  type SettingKey,
  saveSettings,
} from '../../lib/settings';

export interface OptionsAppProps {
  /** Talks to the background; tests hand in their own. */
  send?: Sender;
}

type Toggle = 'showBadge' | 'contextMenu' | 'notify';

export function App({ send = sendToBackground }: OptionsAppProps) {
  const [values, setValues] = useState<FormValues | null>(null);
  const [locked, setLocked] = useState<SettingKey[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState(t('options_loading'));
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [keyVisible, setKeyVisible] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const testing = useRef(false);
  const serviceUrlRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let active = true;
    loadSettings().then(
      ({ settings, locked: lockedKeys }) => {
        if (!active) return;
        setValues(settings);
        setLocked(lockedKeys);
        setStatus('');
      },
      () => active && setStatus(t('options_save_failed')),
    );
    // An administrator's change applies while the page is open; the user's typing is kept.
    const stop = onSettingsChanged((loaded) => {
      if (!active) return;
      setLocked(loaded.locked);
      setValues((current) => current && withLocked(current, loaded));
    });
    return () => {
      active = false;
      stop();
    };
  }, []);

  if (!values) {
    return (
      <main class="options stack">
        <h1>{t('options_title')}</h1>
        <p role="status">{status}</p>
      </main>
    );
  }

  const isLocked = (key: SettingKey) => locked.includes(key);
  const set = (patch: Partial<FormValues>) => setValues({ ...values, ...patch });

  function showInvalid(fieldErrors: FieldErrors) {
    setErrors(fieldErrors);
    setStatus(t('options_not_saved'));
    // Move to the first field that needs attention, in page order.
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  }

  function applySaved(result: Extract<SaveResult, { ok: true }>, keepTyping: boolean) {
    setLocked(result.locked);
    if (!keepTyping) setValues(result.settings);
  }

  function onSubmit(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values) return;
    const checked = validateForm(values, locked);
    if (!checked.ok) {
      showInvalid(checked.fieldErrors);
      return;
    }
    setErrors({});
    setSuggestion(null);
    // From the click, and never waited on: in some browsers the prompt never answers.
    const access = requestHostAccess(checked.serviceUrl);
    saveSettings(checked.patch).then(
      (result) => {
        if (!result.ok) {
          showInvalid(result.fieldErrors);
          return;
        }
        applySaved(result, false);
        setStatus(savedText(result.settings));
        access?.granted.then(
          (granted) => !granted && setStatus(accessDeniedText(access.host)),
          () => setStatus(accessDeniedText(access.host)),
        );
      },
      () => setStatus(t('options_save_failed')),
    );
  }

  /** Toggles and the default privacy apply at once, without Save. */
  function saveNow(patch: Partial<FormValues>) {
    set(patch);
    saveSettings(patch).then(
      (result) => {
        if (!result.ok) {
          setErrors({ ...errors, ...result.fieldErrors });
          setStatus(t('options_not_saved'));
          return;
        }
        applySaved(result, true);
        setStatus(t('options_saved'));
      },
      () => setStatus(t('options_save_failed')),
    );
  }

  async function onTest() {
    if (!values || testing.current) return;
    const fieldErrors = checkForTest(values);
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      setStatus(Object.values(fieldErrors)[0] ?? '');
      return;
    }
    testing.current = true;
    setErrors({});
    setSuggestion(null);
    setStatus(t('options_testing'));
    try {
      const answer = await send({
        type: 'testConnection',
        serviceUrl: values.serviceUrl,
        apiKey: values.apiKey,
      });
      const outcome = testOutcome(answer);
      setStatus(outcome.text);
      setSuggestion(outcome.suggestion ?? null);
      if (outcome.fieldErrors) setErrors(outcome.fieldErrors);
    } finally {
      testing.current = false;
    }
  }

  function acceptSuggestion(url: string) {
    set({ serviceUrl: url });
    setSuggestion(null);
    setErrors({ ...errors, serviceUrl: undefined });
    setStatus(t('options_url_filled', url));
    serviceUrlRef.current?.focus();
  }

  function removeKey() {
    setConfirmingRemove(false);
    saveSettings({ apiKey: '' }).then(
      (result) => {
        if (!result.ok) return;
        set({ apiKey: '' });
        setKeyVisible(false);
        setStatus(t('options_key_removed'));
      },
      () => setStatus(t('options_save_failed')),
    );
  }

  return (
    <main class="options stack">
      <header class="stack">
        <h1>{t('options_title')}</h1>
        <p class="muted">{t('options_intro')}</p>
      </header>

      <form ref={formRef} class="stack" noValidate onSubmit={onSubmit}>
        <section class="stack" aria-labelledby="connection-heading">
          <h2 id="connection-heading">{t('options_connection_heading')}</h2>
          <TextField
            inputRef={serviceUrlRef}
            label={t('options_service_url_label')}
            hint={t('options_service_url_hint')}
            value={values.serviceUrl}
            autocomplete="url"
            error={errors.serviceUrl}
            locked={isLocked('serviceUrl')}
            onInput={(serviceUrl) => set({ serviceUrl })}
          />
          {suggestion && (
            <div class="actions">
              <button type="button" onClick={() => acceptSuggestion(suggestion)}>
                {t('options_use_url', suggestion)}
              </button>
            </div>
          )}
          <ApiKeyField
            value={values.apiKey}
            visible={keyVisible}
            error={errors.apiKey}
            onInput={(apiKey) => set({ apiKey })}
            onToggle={() => setKeyVisible(!keyVisible)}
            onRemove={() => setConfirmingRemove(true)}
          />
          <TextField
            label={t('options_site_url_label')}
            hint={t('options_site_url_hint')}
            value={values.siteUrl}
            error={errors.siteUrl}
            locked={isLocked('siteUrl')}
            onInput={(siteUrl) => set({ siteUrl })}
          />
        </section>

        <section class="stack" aria-labelledby="defaults-heading">
          <h2 id="defaults-heading">{t('options_defaults_heading')}</h2>
          <div class="stack tight">
            <PrivacyPicker
              label={t('options_default_privacy_label')}
              value={values.defaultPrivacy}
              disabled={isLocked('defaultPrivacy')}
              error={errors.defaultPrivacy}
              onChange={(defaultPrivacy) => saveNow({ defaultPrivacy })}
            />
            {isLocked('defaultPrivacy') && <p class="hint">{t('options_locked')}</p>}
            {values.defaultPrivacy === 2 && (
              <p class="hint">{t('options_privacy_password_hint')}</p>
            )}
          </div>
          {(
            [
              ['showBadge', t('options_show_badge')],
              ['contextMenu', t('options_context_menu')],
              ['notify', t('options_notify')],
            ] as [Toggle, string][]
          ).map(([key, label]) => (
            <CheckField
              key={key}
              label={label}
              checked={values[key]}
              locked={isLocked(key)}
              onChange={(checked) => saveNow({ [key]: checked })}
            />
          ))}
        </section>

        <div class="actions">
          <button type="submit" class="primary">
            {t('options_save')}
          </button>
          <button type="button" onClick={onTest}>
            {t('options_test')}
          </button>
        </div>
        <p role="status" class="status">
          {status}
        </p>
      </form>

      {confirmingRemove && (
        <ConfirmDialog
          title={t('options_remove_key_question')}
          confirmLabel={t('options_remove_key')}
          onConfirm={removeKey}
          onCancel={() => setConfirmingRemove(false)}
        >
          {t('options_remove_key_detail')}
        </ConfirmDialog>
      )}
    </main>
  );
}

/** The administrator's values replace the form's for the fields they lock. */
function withLocked(values: FormValues, { settings, locked }: LoadedSettings): FormValues {
  const next = { ...values };
  for (const key of locked) Object.assign(next, { [key]: settings[key] });
  return next;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

interface TextFieldProps {
  label: string;
  hint: string;
  value: string;
  autocomplete?: string;
  error?: string;
  locked: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onInput: (value: string) => void;
}

function TextField({
  label,
  hint,
  value,
  autocomplete,
  error,
  locked,
  inputRef,
  onInput,
}: TextFieldProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="url"
        spellcheck={false}
        autocomplete={autocomplete ?? 'off'}
        value={value}
        disabled={locked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(
          `${id}-hint`,
          locked && `${id}-locked`,
          error && `${id}-error`,
        )}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <p class="hint" id={`${id}-hint`}>
        {hint}
      </p>
      {locked && (
        <p class="hint locked" id={`${id}-locked`}>
          {t('options_locked')}
        </p>
      )}
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface ApiKeyFieldProps {
  value: string;
  visible: boolean;
  error?: string;
  onInput: (value: string) => void;
  onToggle: () => void;
  onRemove: () => void;
}

function ApiKeyField({ value, visible, error, onInput, onToggle, onRemove }: ApiKeyFieldProps) {
  const id = useId();
  const input = {
    id,
    autocomplete: 'off',
    spellcheck: false,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(`${id}-hint`, error && `${id}-error`),
    onInput: (event: TargetedInputEvent<HTMLInputElement>) => onInput(event.currentTarget.value),
  };
  return (
    <div class="field">
      <label for={id}>{t('options_api_key_label')}</label>
      <div class="key-row">
        {visible ? <input type="text" {...input} /> : <input type="password" {...input} />}
        <button type="button" aria-controls={id} onClick={onToggle}>
          {visible ? t('options_hide_key') : t('options_show_key')}
        </button>
        <button type="button" class="danger" disabled={!value} onClick={onRemove}>
          {t('options_remove_key')}
        </button>
      </div>
      <p class="hint" id={`${id}-hint`}>
        {t('options_api_key_hint')}
      </p>
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface CheckFieldProps {
  label: string;
  checked: boolean;
  locked: boolean;
  onChange: (checked: boolean) => void;
}

function CheckField({ label, checked, locked, onChange }: CheckFieldProps) {
  const id = useId();
  return (
    <div class="check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={locked}
        aria-describedby={locked ? `${id}-locked` : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label for={id}>{label}</label>
      {locked && (
        <span class="hint locked" id={`${id}-locked`}>
          {t('options_locked')}
        </span>
      )}
    </div>
  );
}
