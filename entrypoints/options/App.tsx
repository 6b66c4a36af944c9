// The options page: connects the extension to a service and sets the defaults. The API key is
// shown here only (masked unless asked), and only this page and the background read it.
import type { TargetedSubmitEvent } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { AccountList } from '../../components/settings/AccountList';
import { AddressField, ServiceUrlField } from '../../components/settings/AddressField';
import { ApiKeyField } from '../../components/settings/ApiKeyField';
import { FieldNotes, LockedNote, noteAria } from '../../components/settings/FieldNotes';
import { ShortcutsSection } from '../../components/settings/ShortcutsSection';
import {
  type OptionsActions,
  useOptionsActions,
} from '../../components/settings/useOptionsActions';
import { useSettingsForm } from '../../components/settings/useSettingsForm';
import { PrivacyPicker } from '../../components/ui/PrivacyPicker';
import { Spinner } from '../../components/ui/Spinner';
import { PRIVACY } from '../../lib/api/constants';
import { t } from '../../lib/i18n';
import { type Sender, send as sendToBackground } from '../../lib/messaging/send';
import type { Editing } from '../../lib/settings/form';
import { hostOf } from '../../lib/url-parts';

export interface OptionsAppProps {
  /** Talks to the background; tests hand in their own. */
  send?: Sender;
}

const TOGGLES = [
  ['showBadge', 'options_show_badge'],
  ['contextMenu', 'options_context_menu'],
  ['notify', 'options_notify'],
  ['notifyWorse', 'options_notify_worse'],
] as const;

export function App({ send = sendToBackground }: OptionsAppProps) {
  const form = useSettingsForm();
  const actions = useOptionsActions(form, send);
  const { values, errors, status, statusOutdated, isLocked, set } = form;
  const nameRef = useRef<HTMLInputElement>(null);

  if (!values) {
    return (
      <main class="options stack">
        <h1>{t('options_title')}</h1>
        <p role="status">{status}</p>
      </main>
    );
  }

  function onSubmit(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void actions.save();
  }

  function edit(editing: Editing) {
    form.edit(editing);
    requestAnimationFrame(() => nameRef.current?.focus());
  }

  return (
    <main class="options stack">
      <header class="stack">
        <h1>{t('options_title')}</h1>
        <p class="muted">{t('options_intro')}</p>
      </header>

      <AccountList
        accounts={form.accounts}
        inUse={form.inUse}
        editing={form.editing}
        send={send}
        onEdit={edit}
        onStatus={(text) => form.setStatus(text)}
      />

      <form ref={form.formRef} class="stack" noValidate onSubmit={onSubmit}>
        <section class="stack" aria-labelledby="connection-heading">
          <h2 id="connection-heading">{t('options_connection_heading')}</h2>
          {/* Which account the form is for, once there is a choice. */}
          {form.accounts.length > (form.editing === 'new' ? 0 : 1) && (
            <p class="muted">
              {form.edited
                ? t('options_account_editing', form.edited.name)
                : t('options_account_new')}
            </p>
          )}
          <AccountNameField
            inputRef={nameRef}
            value={form.name}
            placeholder={hostOf(values.serviceUrl) ?? ''}
            locked={isLocked('serviceUrl') && !!form.edited}
            onInput={form.setName}
          />
          <ServiceUrlField
            value={values.serviceUrl}
            error={errors.serviceUrl}
            locked={isLocked('serviceUrl')}
            suggestion={actions.suggestion}
            onInput={(serviceUrl) => set({ serviceUrl })}
            onAcceptSuggestion={actions.acceptSuggestion}
          />
          <ApiKeyField
            value={values.apiKey}
            error={errors.apiKey}
            onInput={(apiKey) => set({ apiKey })}
            onRemove={actions.removeKey}
          />
          <AddressField
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
          <PrivacyPicker
            label={t('options_default_privacy_label')}
            value={values.defaultPrivacy}
            locked={isLocked('defaultPrivacy')}
            hint={
              values.defaultPrivacy === PRIVACY.password
                ? t('options_privacy_password_hint')
                : undefined
            }
            error={errors.defaultPrivacy}
            onChange={(defaultPrivacy) => actions.saveNow({ defaultPrivacy })}
          />
          {TOGGLES.map(([key, label]) => (
            <CheckField
              key={key}
              label={t(label)}
              checked={values[key]}
              locked={isLocked(key)}
              onChange={(checked) => actions.saveNow({ [key]: checked })}
            />
          ))}
        </section>

        <div class="actions">
          <button type="submit" class="primary">
            {t('options_save')}
          </button>
          {/* Busy, never disabled: pressing again tests what the form holds now. The busy
              words are in the status region, so the button keeps its name. */}
          <button
            type="button"
            aria-busy={actions.testing ? true : undefined}
            onClick={actions.test}
          >
            {actions.testing && <Spinner />}
            {t('options_test')}
          </button>
        </div>
        <p role="status" class="status">
          {status}
          {statusOutdated && ` ${t('options_test_outdated')}`}
        </p>
        <KeyQuestionButtons actions={actions} />
      </form>
      <ShortcutsSection />
    </main>
  );
}

export interface CheckFieldProps {
  label: string;
  checked: boolean;
  locked: boolean;
  onChange: (checked: boolean) => void;
}

/** A setting that is on or off; it applies at once. Disabled, with a note, when locked. */
export function CheckField({ label, checked, locked, onChange }: CheckFieldProps) {
  const id = useId();
  return (
    <div class="check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={locked}
        {...noteAria(id, { locked })}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label for={id}>{label}</label>
      {locked && <LockedNote id={`${id}-locked`} inline />}
    </div>
  );
}

export interface AccountNameFieldProps {
  value: string;
  /** The service's host: the name an account gets when none is typed. */
  placeholder: string;
  locked: boolean;
  inputRef: { current: HTMLInputElement | null };
  onInput: (value: string) => void;
}

/** The account's name, for the list and the Account select; an administrator's preset keeps its. */
export function AccountNameField({
  value,
  placeholder,
  locked,
  inputRef,
  onInput,
}: AccountNameFieldProps) {
  const id = useId();
  const hint = t('options_account_name_hint');
  return (
    <div class="field">
      <label for={id}>{t('options_account_name_label')}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        autocomplete="off"
        value={value}
        placeholder={placeholder}
        disabled={locked}
        {...noteAria(id, { hint, locked })}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <FieldNotes id={id} hint={hint} locked={locked} />
    </div>
  );
}

/** Save's question about a key, beside the status that asks it; the first answer gets the focus. */
function KeyQuestionButtons({ actions }: { actions: OptionsActions }) {
  const first = useRef<HTMLButtonElement>(null);
  const { question } = actions;
  useEffect(() => {
    if (question) first.current?.focus();
  }, [question]);
  if (!question) return null;
  if (question.verdict === 'other') {
    return (
      <div class="actions">
        <button ref={first} type="button" onClick={() => actions.answer(true)}>
          {t('options_add_as_new')}
        </button>
      </div>
    );
  }
  return (
    <div class="actions">
      <button ref={first} type="button" onClick={() => actions.answer(false)}>
        {t('options_key_same')}
      </button>
      <button type="button" onClick={() => actions.answer(true)}>
        {t('options_key_other')}
      </button>
    </div>
  );
}
