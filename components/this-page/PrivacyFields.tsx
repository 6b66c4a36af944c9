// The privacy picker and, with Password, the password box, with the service's messages beside
// each field: the same wherever a report's privacy is chosen.
import { PRIVACY } from '../../lib/api/constants';
import type { ErrorData } from '../../lib/api/model';
import type { PrivacyChoice } from '../../lib/this-page/privacy-choice';
import { fieldError } from '../ui/ErrorAlert';
import { PasswordField, PrivacyPicker } from '../ui/PrivacyPicker';

export interface PrivacyFieldsProps {
  value: PrivacyChoice;
  onChange: (patch: Partial<PrivacyChoice>) => void;
  disabled: boolean;
  /** The failed request's error: its privacy and password messages go beside the fields. */
  error: ErrorData | undefined;
}

export function PrivacyFields({ value, onChange, disabled, error }: PrivacyFieldsProps) {
  return (
    <>
      <PrivacyPicker
        value={value.privacy}
        onChange={(privacy) => onChange({ privacy })}
        disabled={disabled}
        error={fieldError(error, 'privacy')}
      />
      {value.privacy === PRIVACY.password && (
        <PasswordField
          value={value.password}
          onInput={(password) => onChange({ password })}
          disabled={disabled}
          error={fieldError(error, 'password')}
        />
      )}
    </>
  );
}
