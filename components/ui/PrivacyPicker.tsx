// Public / Private / Password as native radio buttons (arrow keys move between them), and the
// password box that goes with Password.
import { useId } from 'preact/hooks';
import { PRIVACY } from '../../lib/api/constants';
import type { Privacy } from '../../lib/api/model';
import { t } from '../../lib/i18n';

export function privacyWord(privacy: Privacy): string {
  if (privacy === PRIVACY.private) return t('privacy_private');
  if (privacy === PRIVACY.password) return t('privacy_password');
  return t('privacy_public');
}

const CHOICES: Privacy[] = [PRIVACY.public, PRIVACY.private, PRIVACY.password];

export interface PrivacyPickerProps {
  value: Privacy;
  onChange: (privacy: Privacy) => void;
  /** The choices offered, in order; all three unless given. */
  choices?: readonly Privacy[];
  /** The group's name; "Privacy" unless given. */
  label?: string;
  disabled?: boolean;
  /** A message from the service about this field, shown under it. */
  error?: string;
  /** Set by the administrator: disabled, with a note saying so. */
  locked?: boolean;
  /** A sentence about the current choice, shown under it. */
  hint?: string;
}

export function PrivacyPicker({
  value,
  onChange,
  choices = CHOICES,
  label,
  disabled,
  error,
  locked,
  hint,
}: PrivacyPickerProps) {
  const id = useId();
  const notes = [locked && `${id}-locked`, hint && `${id}-hint`, error && `${id}-error`];
  return (
    <div
      class="privacy"
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={notes.filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
    >
      <span class="legend" id={`${id}-legend`}>
        {label ?? t('privacy_label')}
      </span>
      <div class="privacy-choices">
        {choices.map((choice) => (
          <label key={choice} class="choice">
            <input
              type="radio"
              name={`${id}-privacy`}
              value={choice}
              checked={value === choice}
              disabled={disabled || locked}
              onChange={() => onChange(choice)}
            />
            {privacyWord(choice)}
          </label>
        ))}
      </div>
      {locked && (
        <p class="hint locked" id={`${id}-locked`}>
          {t('options_locked')}
        </p>
      )}
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
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

export interface PasswordFieldProps {
  value: string;
  onInput: (value: string) => void;
  disabled?: boolean;
  error?: string;
}

/** The "Report password" box; never stored, only sent with the request. */
export function PasswordField({ value, onInput, disabled, error }: PasswordFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <div class="field">
      <label for={`${id}-input`}>{t('popup_reportPassword')}</label>
      <input
        id={`${id}-input`}
        type="password"
        autocomplete="new-password"
        required
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <p class="hint" id={`${id}-hint`}>
        {t('popup_passwordHint')}
      </p>
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
