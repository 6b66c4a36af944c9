// "Share…": Public, or Password with a generated password (shown, copyable), and what the choice
// will change, said before anything is sent. A modal dialog (ModalDialog) like PrivacyDialog.
import { useId, useState } from 'preact/hooks';
import { PRIVACY } from '../../lib/api/constants';
import type { ErrorData } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { generatePassword, type ShareChoice } from '../../lib/reports/share';
import { ErrorAlert } from '../ui/ErrorAlert';
import { ModalDialog } from '../ui/ModalDialog';
import { PrivacyPicker } from '../ui/PrivacyPicker';
import { copyText } from './clipboard';
import './share.css';

export interface ShareDialogProps {
  title: string;
  /** Several reports: the words say "these reports" and "links". */
  many?: boolean;
  /** The update is being sent: the choice and Share wait. */
  sending?: boolean;
  failure?: { context: string; error: ErrorData } | null;
  onConfirm: (choice: ShareChoice) => void;
  onCancel: () => void;
  openOptions?: () => unknown;
}

const CHOICES = [PRIVACY.password, PRIVACY.public] as const;

export function ShareDialog({
  title,
  many = false,
  sending = false,
  failure,
  onConfirm,
  onCancel,
  openOptions,
}: ShareDialogProps) {
  const id = useId();
  const [privacy, setPrivacy] = useState<(typeof CHOICES)[number]>(PRIVACY.password);
  // Made once per opening, kept in this dialog's memory only.
  const [password] = useState(() => generatePassword());
  const [copied, setCopied] = useState('');
  const protect = privacy === PRIVACY.password;
  const warning = protect
    ? t(many ? 'share_passwordWarningMany' : 'share_passwordWarning')
    : t(many ? 'share_publicWarningMany' : 'share_publicWarning');

  return (
    <ModalDialog
      titleId={`${id}-title`}
      textId={`${id}-warning`}
      initialFocus="input[type=radio]:checked"
      onCancel={onCancel}
    >
      <form
        class="stack share-dialog"
        aria-busy={sending}
        onSubmit={(event) => {
          event.preventDefault();
          if (!sending) onConfirm(protect ? { privacy, password } : { privacy });
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <PrivacyPicker
          value={privacy}
          onChange={(choice) => setPrivacy(choice === PRIVACY.public ? choice : PRIVACY.password)}
          choices={CHOICES}
          label={t('share_how')}
          disabled={sending}
        />
        {protect && (
          <div class="field">
            <label for={`${id}-password`}>{t('share_generatedPassword')}</label>
            <span class="share-password">
              <input
                id={`${id}-password`}
                type="text"
                readOnly
                value={password}
                autocomplete="off"
                spellcheck={false}
                aria-describedby={`${id}-note`}
              />
              <button
                type="button"
                onClick={async () => {
                  setCopied('');
                  setCopied((await copyText(password)) ? t('share_passwordCopied') : '');
                }}
              >
                {t('share_copyPassword')}
              </button>
            </span>
            <p class="hint" id={`${id}-note`}>
              {t('share_passwordNote')}
            </p>
          </div>
        )}
        <p class="share-warning" id={`${id}-warning`}>
          {warning}
        </p>
        <ErrorAlert error={failure?.error} context={failure?.context} onOpenOptions={openOptions} />
        <p class="notice-status" role="status">
          {sending ? t('share_sending') : copied}
        </p>
        <div class="actions">
          <button type="button" onClick={onCancel}>
            {t('dialog_cancel')}
          </button>
          <button type="submit" class="primary" aria-disabled={sending}>
            {t(many ? 'share_confirmMany' : 'share_confirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
