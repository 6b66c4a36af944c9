// This page: the active tab's address, the create form, and the outcome with its actions. A
// rating the background already knows shows at once; a quiet read refreshes it.
import { useLayoutEffect, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { StatusAnswer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import type { ActiveTab } from '../../lib/this-page/active-tab';
import { canQueueCreate } from '../../lib/this-page/page-report';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ErrorAlert, fieldError } from '../ui/ErrorAlert';
import { LazyView } from '../ui/LazyView';
import { OutcomeCard } from './OutcomeCard';
import { PrivacyFields } from './PrivacyFields';
import { Progress } from './Progress';
import { type PageReport, usePageReport } from './usePageReport';

// Code the first paint can do without: Watch this page with what changed, and the checks' names
// and words of "Why this rating".
const loadWatch = () => import('../watch/WatchThisPage').then((module) => module.WatchThisPage);
/** What a create of unknown outcome offers: rare, so loaded when it happens. */
const loadMayExist = () => import('./MayExist').then((module) => module.MayExist);
const loadExplanation = () =>
  import('../rating/PageExplanation').then((module) => module.PageExplanation);

/** The id of the "can't be reported" notice, which describes the disabled Create button. */
const UNSUPPORTED_ID = 'page-unsupported';

/** The benchmark (bench/) reads this User Timing mark: when the popup first shows its content. */
const CONTENT_MARK = 'content';

function markContent(perf: Performance | undefined = globalThis.performance): void {
  try {
    if (perf && perf.getEntriesByName(CONTENT_MARK).length === 0) perf.mark(CONTENT_MARK);
  } catch {
    // No User Timing here: nothing to measure.
  }
}

export interface ThisPageViewProps {
  send: Sender;
  tab: ActiveTab | undefined;
  status: StatusAnswer;
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  /** Called after a report was created, changed or deleted (lists go stale). */
  onChanged: () => void;
}

export function ThisPageView({
  send,
  tab,
  status,
  openTab,
  openOptions,
  onChanged,
}: ThisPageViewProps) {
  const page = usePageReport({ send, tab, status, onChanged });
  const [confirming, setConfirming] = useState(false);
  const { url, reach, outcome } = page;
  // The service's message about the address, after a refused create.
  const urlError = fieldError(page.failureAt('create')?.error, 'url');

  // The address and the cached rating are in the document now.
  useLayoutEffect(() => markContent(), []);

  return (
    <section class="view" aria-labelledby="page-title">
      <header class="page">
        <h1 id="page-title" class="page-title" tabIndex={-1} ref={page.refs.heading}>
          {tab?.title || t('popup_untitled')}
        </h1>
        {url && <p class="address">{url}</p>}
        {urlError && <p class="field-error">{urlError}</p>}
        {reach.status === 'unsupported' && (
          <p class="notice" id={UNSUPPORTED_ID}>
            {t(`popup_unsupported_${reach.reason}`)}
          </p>
        )}
        {reach.status === 'local' && (
          <p class="warning">
            <span aria-hidden="true">⚠ </span>
            {t('popup_localWarning', reach.host)}
          </p>
        )}
      </header>
      {!outcome && <CreateForm page={page} openOptions={openOptions} />}
      {page.mayExist && (
        <LazyView
          load={loadMayExist}
          props={{ url, openTab, onCreateAnyway: () => page.createAnyway() }}
        />
      )}
      {outcome && (
        <OutcomeCard
          send={send}
          page={page}
          outcome={outcome}
          siteUrl={status.siteUrl}
          openTab={openTab}
          openOptions={openOptions}
          onDelete={() => setConfirming(true)}
        />
      )}
      {outcome && <LazyView key={outcome.id} load={loadWatch} props={{ send, outcome, status }} />}
      {outcome?.rating && (
        <LazyView
          load={loadExplanation}
          props={{ send, id: outcome.id, generatedAt: outcome.generatedAt }}
        />
      )}

      <p class="notice-status" role="status">
        {page.notice}
      </p>

      {confirming && outcome && (
        <ConfirmDialog
          title={t('popup_deleteReportTitle')}
          onConfirm={() => {
            setConfirming(false);
            page.remove();
          }}
          onCancel={() => setConfirming(false)}
        >
          {t('popup_deleteReportText', outcome.url)}
        </ConfirmDialog>
      )}
    </section>
  );
}

interface CreateFormProps {
  page: PageReport;
  openOptions: () => unknown;
}

/** While a create for the page waits in the queue, the form gives way to the view's notice. */
function CreateForm({ page, openOptions }: CreateFormProps) {
  // Sent and under way, the create shows as one in progress, whether this popup sent it or not.
  if (page.queued && !page.analyzing) return null;
  const failure = page.failureAt('create');
  const creating = page.work === 'create' || page.analyzing;
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
      {creating && <Progress since={page.since} />}
      <ErrorAlert
        error={failure?.error}
        context={failure?.context}
        shownFields={['url', 'privacy', 'password']}
        onOpenOptions={openOptions}
      />
      {canQueueCreate(failure?.error) && (
        <p class="actions">
          <button type="button" onClick={page.queue}>
            {t('popup_queued_button')}
          </button>
        </p>
      )}
    </form>
  );
}
