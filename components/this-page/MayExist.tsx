// A create for the page was sent and its answer lost, and its report was not found: it may exist
// under another address. Offered: look for it, or create anyway (asked first).
import { t } from '../../lib/i18n';
import { findInReportsAddress } from '../../lib/this-page/page-report';
import { AskFirstButton } from '../ui/ConfirmDialog';

export interface MayExistProps {
  url: string;
  openTab: (url: string) => unknown;
  onCreateAnyway: () => void;
}

export function MayExist({ url, openTab, onCreateAnyway }: MayExistProps) {
  return (
    <div class="stack">
      <p class="notice">{t('popup_mayExist')}</p>
      <div class="actions">
        <button type="button" onClick={() => openTab(findInReportsAddress(url))}>
          {t('popup_findInReports')}
        </button>
        <AskFirstButton
          label={t('popup_createAnyway')}
          title={t('popup_createAnywayTitle')}
          text={t('popup_createAnywayText', url)}
          onConfirm={onCreateAnyway}
        />
      </div>
    </div>
  );
}
