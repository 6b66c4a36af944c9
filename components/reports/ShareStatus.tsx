// What Copy link and Share… say ("Link copied"), with Copy again when the browser refused the
// copy, and the Share… dialog of one report while it is asked. (The popup loads these by import():
// its first paint does without them.)
import { t } from '../../lib/i18n';
import { ShareDialog } from './ShareDialog';
import type { CopyStatus, Share } from './useShare';

export function ShareStatus({ status }: { status: CopyStatus }) {
  return (
    <>
      <p class="notice-status" role="status">
        {status.notice}
      </p>
      {status.canCopyAgain && (
        <p class="actions">
          <button type="button" onClick={status.copyAgain}>
            {t('share_copyAgain')}
          </button>
        </p>
      )}
    </>
  );
}

/** The dialog of the report whose Share… was clicked, until it is shared or cancelled. */
export function ShareOne({ share, openOptions }: { share: Share; openOptions?: () => unknown }) {
  if (!share.asking) return null;
  return (
    <ShareDialog
      title={t('share_title')}
      sending={share.sending}
      failure={share.failure}
      onConfirm={share.confirm}
      onCancel={share.cancel}
      openOptions={openOptions}
    />
  );
}
