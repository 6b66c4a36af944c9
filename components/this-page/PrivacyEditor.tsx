// Change privacy: the new privacy (and password), Save privacy, and why the change was refused.

import { t } from '../../lib/i18n';
import { type PrivacyChoice, passwordMissing } from '../../lib/this-page/privacy-choice';
import { ErrorAlert } from '../ui/ErrorAlert';
import { PRIVACY_FORM_ID, PrivacyFields } from './PrivacyFields';
import type { PageReport } from './usePageReport';

export interface PrivacyEditorProps {
  page: PageReport;
  /** The privacy being chosen. */
  value: PrivacyChoice;
  openOptions: () => unknown;
}

export function PrivacyEditor({ page, value, openOptions }: PrivacyEditorProps) {
  const failure = page.failureAt('privacy');
  return (
    <form id={PRIVACY_FORM_ID} class="stack subform" onSubmit={page.savePrivacy}>
      <PrivacyFields
        value={value}
        onChange={page.changeEditing}
        disabled={page.busy}
        error={failure?.error}
      />
      <div class="actions">
        <button type="submit" class="primary" disabled={page.busy || passwordMissing(value)}>
          {t('popup_savePrivacy')}
        </button>
      </div>
      <ErrorAlert
        error={failure?.error}
        context={failure?.context}
        shownFields={['privacy', 'password']}
        onOpenOptions={openOptions}
      />
    </form>
  );
}
