// What This page does when the user asks: create the report, re-analyze it, change its privacy,
// delete it — or hand a create that the rate limit or the network stopped to the background's
// queue (queue-actions.ts). Split off from usePageReport (which holds the state) and loaded with
// the popup's other parts once the content is on screen (see lazy-parts.ts): the first content
// needs none of it. Each action gets the page as it is when the user asks.
import { type MessageKey, t } from '../../lib/i18n';
import { passwordMissing, privacyInput } from '../../lib/this-page/privacy-choice';
import { begin, endWithWait, failAt } from './page-steps';
import { PAGE, type PageAction, type PageContext } from './page-work';
import { findQueued, queueCreate } from './queue-actions';

export type { PageAction, PageContext } from './page-work';

function reportGone(page: PageContext, text: MessageKey) {
  page.actions.end(PAGE);
  page.setOutcome(null);
  page.setEditing(null);
  page.setNotice(t(text));
  page.onChanged();
  page.refs.heading.current?.focus();
}

export const pageActions: Record<PageAction, (page: PageContext) => Promise<void>> = {
  async create(page) {
    if (!page.canCreate) return;
    begin(page, 'create');
    const { answer, waitError } = await page.actions.create({
      url: page.url,
      ...privacyInput(page.choice),
    });
    if (!answer.ok) {
      page.focusAfterRender(page.refs.create);
      return failAt(page, 'create', 'popup_createFailed', answer.error);
    }
    page.focusAfterRender(page.refs.outcome);
    page.setOutcome(answer.data);
    page.clearPassword();
    endWithWait(page, waitError);
    page.onChanged();
  },

  queue: queueCreate,

  findQueued,

  async reanalyze(page) {
    const { outcome } = page;
    if (!outcome || page.work) return;
    begin(page, 'reanalyze');
    const { answer, waitError } = await page.actions.reanalyze(outcome.id);
    if (answer.ok) {
      page.setOutcome(answer.data);
      endWithWait(page, waitError);
      page.onChanged();
    } else if (answer.error.kind === 'not_found') {
      reportGone(page, 'popup_reportGone');
    } else {
      failAt(page, 'outcome', 'popup_reanalyzeFailed', answer.error);
    }
  },

  async savePrivacy(page) {
    const { outcome, editing } = page;
    if (!outcome || !editing || passwordMissing(editing)) return;
    begin(page, 'privacy');
    const input = privacyInput(editing);
    const answer = await page.send({ type: 'updateReport', id: outcome.id, input });
    if (answer.ok) {
      page.actions.end(PAGE);
      page.focusAfterRender(page.refs.changePrivacy);
      page.setOutcome(answer.data);
      page.setEditing(null);
      page.setNotice(t('popup_privacyChanged'));
      page.onChanged();
    } else if (answer.error.kind === 'not_found') {
      reportGone(page, 'popup_reportGone');
    } else {
      failAt(page, 'privacy', 'popup_privacyFailed', answer.error);
    }
  },

  async remove(page) {
    const { outcome } = page;
    if (!outcome || page.work) return;
    begin(page, 'delete');
    const answer = await page.send({ type: 'deleteReport', id: outcome.id });
    if (answer.ok) reportGone(page, 'popup_reportDeleted');
    else if (answer.error.kind === 'not_found') reportGone(page, 'popup_alreadyDeleted');
    else failAt(page, 'outcome', 'popup_deleteFailed', answer.error);
  },
};
