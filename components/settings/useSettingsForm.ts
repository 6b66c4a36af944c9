// The options form's state: the values as typed, the administrator's locks, a message per field
// and the status sentence. Loads the settings and follows outside changes while the page is open.
import { type Dispatch, type StateUpdater, useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import {
  type LoadedSettings,
  loadSettings,
  onSettingsChanged,
  type SettingErrors,
  type SettingKey,
} from '../../lib/settings';
import { type ConnectionValues, type FormValues, sameConnection } from '../../lib/settings/form';

export interface SettingsForm {
  /** Null until the settings are loaded. */
  values: FormValues | null;
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
  /** What was stored is in effect: new locks and, unless the user goes on typing, values. */
  applySaved: (loaded: LoadedSettings, keepTyping: boolean) => void;
  /** Says what is wrong next to each field and moves to the first one. */
  showInvalid: (errors: SettingErrors) => void;
}

export function useSettingsForm(): SettingsForm {
  const [values, setValues] = useState<FormValues | null>(null);
  const [locked, setLocked] = useState<SettingKey[]>([]);
  const [errors, setErrors] = useState<SettingErrors>({});
  const [status, setStatusOf] = useState<{ text: string; about?: ConnectionValues }>({
    text: t('options_loading'),
  });
  const setStatus = (text: string, about?: ConnectionValues) => setStatusOf({ text, about });
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let active = true;
    loadSettings().then(
      ({ settings, locked: lockedKeys }) => {
        if (!active) return;
        setValues(settings);
        setLocked(lockedKeys);
        setStatusOf({ text: '' });
      },
      () => active && setStatusOf({ text: t('options_save_failed') }),
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

  return {
    values,
    locked,
    errors,
    status: status.text,
    statusOutdated: !!(values && status.about && !sameConnection(status.about, values)),
    formRef,
    isLocked: (key) => locked.includes(key),
    set: (patch) => setValues((current) => current && { ...current, ...patch }),
    setErrors,
    setStatus,
    applySaved(loaded, keepTyping) {
      setLocked(loaded.locked);
      if (!keepTyping) setValues(loaded.settings);
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
function withLocked(values: FormValues, { settings, locked }: LoadedSettings): FormValues {
  const next = { ...values };
  for (const key of locked) Object.assign(next, { [key]: settings[key] });
  return next;
}
