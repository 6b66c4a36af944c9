// This page: the active tab's address, the create form, and the outcome with its actions.
// A rating the background already knows shows at once; a quiet read refreshes it. The state and
// the actions are usePageReport's; the pieces, in this-page/, show them.
import { useLayoutEffect, useState } from 'preact/hooks';
import { ConfirmDialog, runPageAction } from '../../entrypoints/popup/lazy-parts';
import { t } from '../../lib/i18n';
import type { StatusAnswer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import type { ActiveTab } from '../../lib/this-page/active-tab';
import { markContent } from '../../lib/this-page/content-mark';
import { CreateForm } from './CreateForm';
import { OutcomeCard } from './OutcomeCard';
import { PageHeader } from './PageHeader';
import { usePageReport } from './usePageReport';

export interface ThisPageViewProps {
  send: Sender;
  tab: ActiveTab | undefined;
  status: StatusAnswer;
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  /** Called after a report was created, changed or deleted (lists go stale). */
  onChanged: () => void;
}

export function ThisPageView({
  send,
  tab,
  status,
  openTab,
  openOptions,
  onChanged,
}: ThisPageViewProps) {
  const page = usePageReport({ send, tab, status, onChanged, runAction: runPageAction });
  const [confirming, setConfirming] = useState(false);
  const { outcome } = page;

  // The address and the cached rating are in the document now (see lib/this-page/content-mark.ts).
  useLayoutEffect(() => markContent(), []);

  return (
    <section class="view" aria-labelledby="page-title">
      <PageHeader page={page} title={tab?.title} />
      {!outcome && <CreateForm page={page} openOptions={openOptions} />}
      {outcome && (
        <OutcomeCard
          page={page}
          outcome={outcome}
          siteUrl={status.siteUrl}
          openTab={openTab}
          openOptions={openOptions}
          onDelete={() => setConfirming(true)}
        />
      )}

      <p class="notice-status" role="status">
        {page.notice}
      </p>

      {confirming && outcome && (
        <ConfirmDialog
          title={t('popup_deleteReportTitle')}
          onConfirm={() => {
            setConfirming(false);
            void page.remove();
          }}
          onCancel={() => setConfirming(false)}
        >
          {t('popup_deleteReportText', outcome.url)}
        </ConfirmDialog>
      )}
    </section>
  );
}
