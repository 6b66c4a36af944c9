// Copy link and Share… on one report: the clipboard is written from the page (no permission needed
// after a click; see README), and a short status says what was copied. A copy the browser refused
// is offered again (Copy again).
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData, ReportSummary } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { type ShareChoice, shareText } from '../../lib/reports/share';
import { reportPageUrl } from '../../lib/this-page/pages';
import { copyText } from './clipboard';

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
