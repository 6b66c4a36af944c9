// The address boxes: the service URL (with the address Test connection may suggest instead) and
// the report site's address. Disabled, with a note, when the administrator set them.
import type { Ref } from 'preact';
import { useId, useRef } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { FieldNotes, noteAria } from './FieldNotes';

export interface AddressFieldProps {
  label: string;
  hint: string;
  value: string;
  autocomplete?: string;
  error?: string;
  locked: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onInput: (value: string) => void;
}

export function AddressField({
  label,
  hint,
  value,
  autocomplete,
  error,
  locked,
  inputRef,
  onInput,
}: AddressFieldProps) {
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
        {...noteAria(id, { hint, locked, error })}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <FieldNotes id={id} hint={hint} locked={locked} error={error} />
    </div>
  );
}

export interface ServiceUrlFieldProps {
  value: string;
  error?: string;
  locked: boolean;
  /** An address that answered instead of the one typed, offered with a button. */
  suggestion: string | null;
  onInput: (value: string) => void;
  /** Fills the suggestion in; the box then has the focus. */
  onAcceptSuggestion: (url: string) => void;
}

export function ServiceUrlField({
  suggestion,
  onAcceptSuggestion,
  ...props
}: ServiceUrlFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <AddressField
        {...props}
        inputRef={inputRef}
        label={t('options_service_url_label')}
        hint={t('options_service_url_hint')}
        autocomplete="url"
      />
      {suggestion && (
        <div class="actions">
          <button
            type="button"
            onClick={() => {
              onAcceptSuggestion(suggestion);
              inputRef.current?.focus();
            }}
          >
            {t('options_use_url', suggestion)}
          </button>
        </div>
      )}
    </>
  );
}
