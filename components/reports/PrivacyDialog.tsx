// "Change privacy of selected": one privacy (and, for Password, one "Report password") for every
// selected report, in a modal dialog like ConfirmDialog.
import { useId, useState } from 'preact/hooks';
import { PRIVACY } from '../../lib/api/constants';
import { t } from '../../lib/i18n';
import {
  type PrivacyChoice,
  passwordMissing,
  privacyInput,
} from '../../lib/this-page/privacy-choice';
import { ModalDialog } from '../ui/ModalDialog';
import { PasswordField, PrivacyPicker } from '../ui/PrivacyPicker';

export interface PrivacyDialogProps {
  title: string;
  onConfirm: (choice: { privacy: PrivacyChoice['privacy']; password?: string }) => void;
  onCancel: () => void;
}

export function PrivacyDialog({ title, onConfirm, onCancel }: PrivacyDialogProps) {
  const id = useId();
  const [choice, setChoice] = useState<PrivacyChoice>({ privacy: PRIVACY.private, password: '' });

  return (
    <ModalDialog
      titleId={`${id}-title`}
      initialFocus="input[type=radio]:checked"
      onCancel={onCancel}
    >
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (!passwordMissing(choice)) onConfirm(privacyInput(choice));
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <PrivacyPicker
          value={choice.privacy}
          onChange={(privacy) => setChoice((current) => ({ ...current, privacy }))}
        />
        {choice.privacy === PRIVACY.password && (
          <PasswordField
            value={choice.password}
            onInput={(password) => setChoice((current) => ({ ...current, password }))}
          />
        )}
        <div class="actions">
          <button type="button" onClick={onCancel}>
            {t('dialog_cancel')}
          </button>
          <button type="submit" class="primary" disabled={passwordMissing(choice)}>
            {t('popup_savePrivacy')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
