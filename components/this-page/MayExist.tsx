// A create for the page was sent and its answer lost, and its report was not found: it may exist
// under another address. Offered: look for it, or create anyway (asked first).
import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { findInReportsAddress } from '../../lib/this-page/page-report';
import { ConfirmDialog } from '../ui/ConfirmDialog';

export interface MayExistProps {
  url: string;
  openTab: (url: string) => unknown;
  onCreateAnyway: () => void;
}

export function MayExist({ url, openTab, onCreateAnyway }: MayExistProps) {
  const [asking, setAsking] = useState(false);
  return (
    <div class="stack">
      <p class="notice">{t('popup_mayExist')}</p>
      <p class="actions">
        <button type="button" onClick={() => openTab(findInReportsAddress(url))}>
          {t('popup_findInReports')}
        </button>
        <button type="button" onClick={() => setAsking(true)}>
          {t('popup_createAnyway')}
        </button>
      </p>
      {asking && (
        <ConfirmDialog
          title={t('popup_createAnywayTitle')}
          confirmLabel={t('popup_createAnyway')}
          onConfirm={() => {
            setAsking(false);
            onCreateAnyway();
          }}
          onCancel={() => setAsking(false)}
        >
          {t('popup_createAnywayText', url)}
        </ConfirmDialog>
      )}
    </div>
  );
}
