// The options form's state: the accounts, the one the form edits, its values as typed (its
// connection and the preferences every account shares), the administrator's locks, a message per
// field and the status sentence. Loads the settings and follows outside changes while open.
import { type Dispatch, type StateUpdater, useEffect, useRef, useState } from 'preact/hooks';
import type { Account } from '../../lib/account/accounts';
import { t } from '../../lib/i18n';
import {
  type LoadedSettings,
  loadSettings,
  onSettingsChanged,
  type SettingErrors,
  type SettingKey,
} from '../../lib/settings';
import {
  accountLocks,
  type ConnectionValues,
  type Editing,
  type FormValues,
  formOfAccount,
  sameConnection,
} from '../../lib/settings/form';

interface Known {
  accounts: Account[];
  /** The account in use, and the administrator's locks for it. */
  inUse: string | undefined;
  inUseLocked: SettingKey[];
}

export interface SettingsForm {
  /** Null until the settings are loaded. */
  values: FormValues | null;
  /** Every account (the administrator's presets too), in the list's order. */
  accounts: Account[];
  /** The id of the account in use. */
  inUse: string | undefined;
  /** The account the form edits, or a new one. */
  editing: Editing;
  /** The edited account as saved; undefined for a new one. */
  edited: Account | undefined;
  /** The account's name as typed ('' = the service's host). */
  name: string;
  setName: (name: string) => void;
  /** Loads an account, or an empty form for a new one. */
  edit: (editing: Editing) => void;
  locked: SettingKey[];
  errors: SettingErrors;
  /** What the role=status region says. */
  status: string;
  /**
   * True when the status is about a Service URL and API key (a Test connection) that the form
   * no longer holds: the user edited them since.
   */
  statusOutdated: boolean;
  formRef: { current: HTMLFormElement | null };
  isLocked: (key: SettingKey) => boolean;
  set: (patch: Partial<FormValues>) => void;
  setErrors: Dispatch<StateUpdater<SettingErrors>>;
  /** `about`: the address and key the sentence speaks of (a Test connection's). */
  setStatus: (text: string, about?: ConnectionValues) => void;
  /**
   * What was stored is in effect: the accounts, new locks and, unless the user goes on typing,
   * values. `editing`: the account the form edits from now on (one just made).
   */
  applySaved: (loaded: LoadedSettings, keepTyping: boolean, editing?: Editing) => void;
  /** Says what is wrong next to each field and moves to the first one. */
  showInvalid: (errors: SettingErrors) => void;
}

const knownOf = ({ accounts, account, locked }: LoadedSettings): Known => ({
  accounts,
  inUse: account?.id,
  inUseLocked: locked,
});

export function useSettingsForm(): SettingsForm {
  const [values, setValues] = useState<FormValues | null>(null);
  const [known, setKnown] = useState<Known>({ accounts: [], inUse: undefined, inUseLocked: [] });
  const [editing, setEditing] = useState<Editing>('new');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<SettingErrors>({});
  const [status, setStatusOf] = useState<{ text: string; about?: ConnectionValues }>({
    text: t('options_loading'),
  });
  const setStatus = (text: string, about?: ConnectionValues) => setStatusOf({ text, about });
  const formRef = useRef<HTMLFormElement>(null);
  // The listener below outlives renders: it reads the edited account from here.
  const editingRef = useRef<Editing>('new');
  editingRef.current = editing;

  const edited = known.accounts.find((account) => account.id === editing);
  const locked = accountLocks(edited, { id: known.inUse, locked: known.inUseLocked });

  useEffect(() => {
    let active = true;
    loadSettings().then(
      (loaded) => {
        if (!active) return;
        setKnown(knownOf(loaded));
        setEditing(loaded.account?.id ?? 'new');
        setName(loaded.account?.name ?? '');
        setValues(loaded.settings);
        setStatusOf({ text: '' });
      },
      () => active && setStatusOf({ text: t('options_save_failed') }),
    );
    // An administrator's change applies while the page is open; the user's typing is kept.
    const stop = onSettingsChanged((loaded) => {
      if (!active) return;
      setKnown(knownOf(loaded));
      const gone =
        editingRef.current !== 'new' &&
        !loaded.accounts.some((account) => account.id === editingRef.current);
      if (gone) {
        // The edited account was removed: the form edits the one in use.
        setEditing(loaded.account?.id ?? 'new');
        setName(loaded.account?.name ?? '');
        setValues((current) => current && formOfAccount(current, loaded.account ?? undefined));
        return;
      }
      setValues((current) => current && withLocked(current, loaded, editingRef.current));
    });
    return () => {
      active = false;
      stop();
    };
  }, []);

  return {
    values,
    accounts: known.accounts,
    inUse: known.inUse,
    editing,
    edited,
    name,
    setName,
    edit(next) {
      const account = known.accounts.find((candidate) => candidate.id === next);
      setEditing(account ? account.id : 'new');
      setName(account?.name ?? '');
      setValues((current) => current && formOfAccount(current, account));
      setErrors({});
      setStatus('');
    },
    locked,
    errors,
    status: status.text,
    statusOutdated: !!(values && status.about && !sameConnection(status.about, values)),
    formRef,
    isLocked: (key) => locked.includes(key),
    set: (patch) => setValues((current) => current && { ...current, ...patch }),
    setErrors,
    setStatus,
    applySaved(loaded, keepTyping, next = editing) {
      setKnown(knownOf(loaded));
      // The first account is made by any save (a toggle too): the form then edits it.
      const target =
        next === 'new' && known.accounts.length === 0 && loaded.account ? loaded.account.id : next;
      const account = loaded.accounts.find((candidate) => candidate.id === target);
      if (target !== editing) setEditing(account ? target : 'new');
      if (keepTyping) return;
      setValues(formOfAccount(loaded.settings, account));
      setName(account?.name ?? '');
    },
    showInvalid(fieldErrors) {
      setErrors(fieldErrors);
      setStatus(t('options_not_saved'));
      // Move to the first field that needs attention, in page order.
      requestAnimationFrame(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
    },
  };
}

/** The administrator's values replace the form's for the fields they lock. */
function withLocked(values: FormValues, loaded: LoadedSettings, editing: Editing): FormValues {
  const account = loaded.accounts.find((candidate) => candidate.id === editing);
  const source = formOfAccount(loaded.settings, account);
  const locks = accountLocks(account, { id: loaded.account?.id, locked: loaded.locked });
  const next = { ...values };
  for (const key of locks) Object.assign(next, { [key]: source[key] });
  return next;
}
