// The steps every action of This page takes: beginning (the last failure and notice go), ending
// with a failure said at its place, and ending after a wait for the rating. Shared by
// page-actions.ts and queue-actions.ts, loaded with them once the page is on screen.
import type { ErrorData } from '../../lib/api/model';
import { type MessageKey, t } from '../../lib/i18n';
import { PAGE, type PageContext, type Place, type Work } from './page-work';

export function begin(page: PageContext, work: Work) {
  page.actions.begin(PAGE, work);
  page.setNotice('');
}

/** The action ended in a failure, said at `where`. */
export function failAt(page: PageContext, where: Place, context: MessageKey, error: ErrorData) {
  page.actions.end(PAGE, { where, context: t(context), error });
}

/** The action ended; when waiting for the rating failed, that is said beside the outcome. */
export function endWithWait(page: PageContext, waitError: ErrorData | undefined) {
  if (waitError) failAt(page, 'outcome', 'popup_waitFailed', waitError);
  else page.actions.end(PAGE);
}
