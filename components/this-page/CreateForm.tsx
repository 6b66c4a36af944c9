// The create form: privacy (and password), Create report, "Analyzing…" while it works, and why
// it failed — with what the user chose still in the fields, and "Create when possible" when the
// rate limit or the browser being offline stopped it. While a create for the page waits in the
// background's queue, the form gives way: the view's status says when it will be sent.

import { ErrorAlert } from '../../entrypoints/popup/lazy-parts';
import { t } from '../../lib/i18n';
import { canQueueCreate } from '../../lib/this-page/queueable';
import { UNSUPPORTED_ID } from './PageHeader';
import { PrivacyFields } from './PrivacyFields';
import { Progress } from './Progress';
import type { PageReport } from './usePageReport';

export interface CreateFormProps {
  page: PageReport;
  openOptions: () => unknown;
}

export function CreateForm({ page, openOptions }: CreateFormProps) {
  if (page.queued) return null;
  const failure = page.failureAt('create');
  const creating = page.work === 'create';
  return (
    <form class="stack" onSubmit={page.create} aria-busy={creating}>
      <PrivacyFields
        value={page.choice}
        onChange={page.changeChoice}
        disabled={page.busy}
        error={failure?.error}
      />
      <div class="actions">
        <button
          ref={page.refs.create}
          type="submit"
          class="primary"
          disabled={!page.canCreate}
          aria-describedby={page.reach.status === 'unsupported' ? UNSUPPORTED_ID : undefined}
        >
          {t('popup_createReport')}
        </button>
      </div>
      {creating && <Progress />}
      <ErrorAlert
        error={failure?.error}
        context={failure?.context}
        shownFields={['url', 'privacy', 'password']}
        onOpenOptions={openOptions}
      />
      {canQueueCreate(failure?.error, navigator.onLine) && (
        <p class="actions">
          <button type="button" onClick={page.queue}>
            {t('popup_queued_button')}
          </button>
        </p>
      )}
    </form>
  );
}
