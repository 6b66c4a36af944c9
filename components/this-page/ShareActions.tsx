// Copy link and Share… on This page's report, loaded after the first paint (like Watch this page):
// the buttons, what they say ("Link copied"), and the Share… dialog.
import { PRIVACY } from '../../lib/api/constants';
import type { ReportSummary } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import type { PageOutcome } from '../../lib/this-page/page-report';
import { ShareOne, ShareStatus } from '../reports/ShareStatus';
import { useShare } from '../reports/useShare';

export interface ShareActionsProps {
  send: Sender;
  outcome: PageOutcome;
  siteUrl: string | null;
  /** Another action runs on the report: Share… waits. */
  busy: boolean;
  onShared: (report: ReportSummary) => void;
  openOptions: () => unknown;
}

export function ShareActions({
  send,
  outcome,
  siteUrl,
  busy,
  onShared,
  openOptions,
}: ShareActionsProps) {
  const share = useShare(send, siteUrl, onShared);
  if (!share.canLink) return null;
  const shareable = outcome.privacy !== undefined && outcome.privacy !== PRIVACY.public;
  return (
    <>
      <button ref={share.fallbackFocus} type="button" onClick={() => share.copyLink(outcome)}>
        {t('share_copyLink')}
      </button>
      {shareable && (
        <button type="button" aria-disabled={busy} onClick={() => busy || share.ask(outcome)}>
          {t('share_open')}
        </button>
      )}
      <ShareStatus status={share} />
      <ShareOne share={share} openOptions={openOptions} />
    </>
  );
}
