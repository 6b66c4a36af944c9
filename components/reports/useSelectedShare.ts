// What Share selected copies when its queue job ends (the workspace's Reports tab).
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { isFinished, type Job } from '../../lib/jobs/schema';
import { type ShareChoice, sharedByJob, shareText } from '../../lib/reports/share';
import { reportPageUrl } from '../../lib/this-page/pages';
import { type CopyStatus, passwordLine } from './useShare';

/** A Share selected job under way: its id, the addresses of its reports, and the choice. */
export interface SelectedShare {
  jobId: string;
  urls: ReadonlyMap<number, string>;
  choice: ShareChoice;
}

/**
 * When the Share selected job `share` ends, copies "address — link" for each report it shared and
 * the password once, and says how many were shared and how many failed.
 */
export function useSelectedShare(
  siteUrl: string | null,
  job: Job | null,
  share: SelectedShare | null,
  status: CopyStatus,
  onCopied: () => void,
) {
  const ended = job && share && job.id === share.jobId && isFinished(job) ? job : null;
  const latest = useRef({ siteUrl, share, status, onCopied });
  latest.current = { siteUrl, share, status, onCopied };
  useEffect(() => {
    const { siteUrl: site, share: asked, status: copy, onCopied: done } = latest.current;
    if (!ended || !asked) return;
    done();
    const { shared, failed } = sharedByJob(
      (id) => reportPageUrl(site, id),
      ended.items,
      asked.urls,
    );
    if (shared.length === 0) {
      copy.setNotice(t('share_noneShared'));
      return;
    }
    void copy.copy(
      shareText(shared, passwordLine(asked.choice)),
      t('share_result', shared.length, failed),
    );
  }, [ended]);
}
