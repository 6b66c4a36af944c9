// Add pages: the addresses of a sitemap (index, gzip, robots.txt), a pasted list or a file; a
// preview to narrow and check them (pages with a report start unchecked, or are re-analyzed);
// and "Report selected pages" as one queue job whose progress shows here.
import { useEffect } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Privacy } from '../../lib/api/model';
import type { HostPermissions } from '../../lib/audit/host-access';
import { formatNumber } from '../../lib/format-number';
import { t } from '../../lib/i18n';
import { isFinished } from '../../lib/jobs/schema';
import type { Sender } from '../../lib/messaging/send';
import { RunProgress } from '../jobs/RunProgress';
import { useJobRun } from '../jobs/useJobs';
import { PreviewForm } from './PreviewForm';
import { SourceForms } from './SourceForms';
import { useAddPages } from './useAddPages';
import './add-pages.css';

export interface AddPagesViewProps {
  send: Sender;
  defaultPrivacy: Privacy;
  openOptions: () => unknown;
  /** Reports were created (the other tabs' lists are stale). */
  onChanged: () => void;
  /** `browser.permissions`, or a stand-in in tests. */
  permissions?: HostPermissions;
}

export function AddPagesView({
  send,
  defaultPrivacy,
  openOptions,
  onChanged,
  permissions = browser.permissions,
}: AddPagesViewProps) {
  const pages = useAddPages(send, permissions);
  const run = useJobRun(send);
  const { job } = run;
  const ended = job !== null && isFinished(job);
  useEffect(() => {
    if (ended) onChanged();
  }, [ended, onChanged]);

  return (
    <section class="view add-pages" aria-label={t('workspace_tabAddPages')}>
      <SourceForms
        busy={pages.reading !== null}
        readingSitemap={pages.reading?.what === 'sitemap'}
        onCancel={pages.cancelRead}
        onSitemap={pages.readSitemapAt}
        onSitemapTyped={pages.checkAccess}
        onList={pages.readList}
        onFile={(file) => void pages.readFile(file)}
      />
      <p class="notice-status" role="status">
        {pages.reading?.waitingFor
          ? t('audit_waitingAccess', pages.reading.waitingFor)
          : pages.reading
            ? t('audit_reading')
            : (pages.status ?? fromSelectionText(pages.fromSelection))}
      </p>
      {pages.problem && (
        <p class="warning" role="alert">
          {pages.problem}
        </p>
      )}
      {pages.candidates && (
        <PreviewForm
          key={pages.candidates.read}
          candidates={pages.candidates}
          known={pages.known}
          onLookUpAgain={pages.lookUpAgain}
          send={send}
          defaultPrivacy={defaultPrivacy}
          openOptions={openOptions}
          run={run}
        />
      )}
      <RunProgress run={run} />
    </section>
  );
}

/** What the right-click menu's selection brought, until another read replaces it. */
function fromSelectionText(count: number | null): string {
  if (count === null) return '';
  return count === 1 ? t('audit_fromSelection_one') : t('audit_fromSelection', formatNumber(count));
}
