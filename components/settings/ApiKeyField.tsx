// The API key: masked unless asked (Show key / Hide key), and Remove key, which asks first.
// Never locked: the key is personal and managed storage cannot set it.
import type { TargetedInputEvent } from 'preact';
import { useId, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FieldNotes, noteAria } from './FieldNotes';

export interface ApiKeyFieldProps {
  value: string;
  error?: string;
  onInput: (value: string) => void;
  /** Removes the stored key once confirmed; settles with whether it was removed. */
  onRemove: () => Promise<boolean>;
}

export function ApiKeyField({ value, error, onInput, onRemove }: ApiKeyFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const hint = t('options_api_key_hint');
  const input = {
    id,
    autocomplete: 'off',
    spellcheck: false,
    value,
    ...noteAria(id, { hint, error }),
    onInput: (event: TargetedInputEvent<HTMLInputElement>) => onInput(event.currentTarget.value),
  };

  function remove() {
    setConfirming(false);
    onRemove().then((removed) => removed && setVisible(false));
  }

  return (
    <div class="field">
      <label for={id}>{t('options_api_key_label')}</label>
      <div class="key-row">
        {visible ? <input type="text" {...input} /> : <input type="password" {...input} />}
        <button type="button" aria-controls={id} onClick={() => setVisible(!visible)}>
          {visible ? t('options_hide_key') : t('options_show_key')}
        </button>
        <button type="button" class="danger" disabled={!value} onClick={() => setConfirming(true)}>
          {t('options_remove_key')}
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
      {confirming && (
        <ConfirmDialog
          title={t('options_remove_key_question')}
          confirmLabel={t('options_remove_key')}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        >
          {t('options_remove_key_detail')}
        </ConfirmDialog>
      )}
    </div>
  );
}
