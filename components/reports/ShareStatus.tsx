// What Copy link and Share… say ("Link copied"), with Copy again when the browser refused the
// copy, and the Share… dialog of one report while it is asked (its code loaded when first asked:
// the popup's first paint does without it).
import { t } from '../../lib/i18n';
import { LazyView } from '../ui/LazyView';
import type { ShareDialogProps } from './ShareDialog';
import type { CopyStatus, Share } from './useShare';

const loadDialog = () => import('./ShareDialog').then((module) => module.ShareDialog);

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
    <LazyView<ShareDialogProps>
      load={loadDialog}
      props={{
        title: t('share_title'),
        sending: share.sending,
        failure: share.failure,
        onConfirm: share.confirm,
        onCancel: share.cancel,
        openOptions,
      }}
    />
  );
}
