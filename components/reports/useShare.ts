// Copy link and Share… on one report, and what Share selected copies when its job ends: the
// clipboard is written from the page (no permission needed after a click; see README), and a short
// status says what was copied. A copy the browser refused is offered again (Copy again).
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData, ReportSummary } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { isFinished, type Job } from '../../lib/jobs/schema';
import type { Sender } from '../../lib/messaging/send';
import { type ShareChoice, sharedByJob, shareText } from '../../lib/reports/share';
import { reportPageUrl } from '../../lib/this-page/pages';

/** Writes `text` to the clipboard; false when the browser refused (no focus, no recent click). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The line that carries the shared password, when there is one. */
export function passwordLine(choice: ShareChoice) {
  return choice.privacy === 2
    ? { label: t('share_passwordLine'), value: choice.password }
    : undefined;
}

type Target = Pick<ReportSummary, 'id' | 'url'>;

/** The status line's text, and a copy to offer again after the browser refused it. */
export function useCopyStatus() {
  const [notice, setNotice] = useState('');
  // Kept in this page's memory only, until copied or replaced.
  const [pending, setPending] = useState<{ text: string; done: string } | null>(null);
  async function copy(text: string, done: string) {
    setNotice('');
    if (await copyText(text)) {
      setPending(null);
      setNotice(done);
    } else {
      setPending({ text, done });
      setNotice(t('share_copyFailed'));
    }
  }
  return {
    notice,
    setNotice,
    copy,
    canCopyAgain: pending !== null,
    copyAgain: () => pending && void copy(pending.text, pending.done),
  };
}

export type CopyStatus = ReturnType<typeof useCopyStatus>;

/** Copy link and Share… for single reports; `onShared` gets the report as the service answered. */
export function useShare(
  send: Sender,
  siteUrl: string | null,
  onShared?: (report: ReportSummary) => void,
) {
  const status = useCopyStatus();
  const [asking, setAsking] = useState<Target | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ context: string; error: ErrorData } | null>(null);
  /** Where the focus goes after a share when the Share… button is gone (the report is public). */
  const fallbackFocus = useRef<HTMLButtonElement>(null);
  const shared = useRef(false);

  useLayoutEffect(() => {
    if (asking || !shared.current) return;
    shared.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) fallbackFocus.current?.focus();
  }, [asking]);

  async function confirm(choice: ShareChoice) {
    if (!asking || sending) return;
    setSending(true);
    setFailure(null);
    const answer = await send({ type: 'updateReport', id: asking.id, input: choice });
    setSending(false);
    if (!answer.ok) {
      // Nothing is copied: the link would not show the report as asked.
      setFailure({ context: t('popup_privacyFailed'), error: answer.error });
      return;
    }
    shared.current = true;
    setAsking(null);
    onShared?.(answer.data);
    const link = reportPageUrl(siteUrl, answer.data.id);
    if (link) await status.copy(shareText(link, passwordLine(choice)), t('share_linkCopied'));
  }

  return {
    ...status,
    asking,
    sending,
    failure,
    fallbackFocus,
    canLink: reportPageUrl(siteUrl, 1) !== undefined,
    copyLink(report: Target) {
      const link = reportPageUrl(siteUrl, report.id);
      if (link) void status.copy(link, t('share_linkCopied'));
    },
    ask(report: Target) {
      setFailure(null);
      status.setNotice('');
      setAsking(report);
    },
    cancel() {
      setAsking(null);
      setFailure(null);
    },
    confirm: (choice: ShareChoice) => void confirm(choice),
  };
}

export type Share = ReturnType<typeof useShare>;

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
    const { shared, failed } = sharedByJob(site, ended.items, asked.urls);
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
