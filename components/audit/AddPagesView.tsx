// Add pages: the addresses of a sitemap (index, gzip, robots.txt), a pasted list or a file; a
// preview to narrow and check them (pages with a report start unchecked, or are re-analyzed);
// and "Report selected pages" as one queue job whose progress shows here.
import { useEffect, useId, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { allowanceCheck } from '../../lib/account/allowance';
import type { Privacy } from '../../lib/api/model';
import type { HostPermissions } from '../../lib/audit/host-access';
import type { KnownPage } from '../../lib/audit/known';
import { atMostOf, auditJob, isChecked, narrow, selectionNeeds } from '../../lib/audit/selection';
import { t } from '../../lib/i18n';
import { isFinished } from '../../lib/jobs/jobs';
import { MAX_AUDIT_ITEMS } from '../../lib/jobs/limits';
import { doneText, jobTitle } from '../../lib/jobs/words';
import type { Sender } from '../../lib/messaging/send';
import { type PrivacyChoice, passwordMissing } from '../../lib/this-page/privacy-choice';
import { PlanAllowance } from '../account/PlanAllowance';
import { usePlan } from '../account/usePlan';
import { JobProgress } from '../jobs/JobProgress';
import { failureContext, useJobRun } from '../jobs/useJobs';
import { PrivacyFields } from '../this-page/PrivacyFields';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useNow } from '../ui/useNow';
import { AddressPages, countText, HostCounts, NotAdded } from './AddressPreview';
import { SourceForms } from './SourceForms';
import { type Candidates, type KnownState, useAddPages } from './useAddPages';
import './add-pages.css';

export interface AddPagesViewProps {
  send: Sender;
  defaultPrivacy: Privacy;
  openOptions: () => unknown;
  /** Reports were created (the other tabs' lists are stale). */
  onChanged: () => void;
  /** `browser.permissions`, or a stand-in in tests. */
  permissions?: HostPermissions;
}

export function AddPagesView({
  send,
  defaultPrivacy,
  openOptions,
  onChanged,
  permissions = browser.permissions,
}: AddPagesViewProps) {
  const pages = useAddPages(send, permissions);
  const run = useJobRun(send);
  const { job } = run;
  const now = useNow(job?.resumeAt !== undefined);
  const ended = job !== null && isFinished(job);
  useEffect(() => {
    if (ended) onChanged();
  }, [ended, onChanged]);

  return (
    <section class="view add-pages" aria-label={t('workspace_tabAddPages')}>
      <SourceForms
        busy={pages.reading !== null}
        onSitemap={pages.readSitemapAt}
        onSitemapTyped={pages.checkAccess}
        onList={pages.readList}
        onFile={(file) => void pages.readFile(file)}
      />
      <p class="notice-status" role="status">
        {pages.reading?.waitingFor
          ? t('audit_waitingAccess', pages.reading.waitingFor)
          : pages.reading
            ? t('audit_reading')
            : ''}
      </p>
      {pages.problem && (
        <p class="warning" role="alert">
          {pages.problem}
        </p>
      )}
      {pages.candidates && (
        <Preview
          key={pages.candidates.read}
          candidates={pages.candidates}
          known={pages.known}
          onLookUpAgain={pages.lookUpAgain}
          send={send}
          defaultPrivacy={defaultPrivacy}
          openOptions={openOptions}
          run={run}
        />
      )}
      {job && (
        <JobProgress
          job={job}
          labels={{ title: jobTitle(job), done: (count) => doneText(job.kind, count) }}
          onCancel={run.cancel}
          onRetryFailed={run.retry}
          onResume={run.resume}
          onDiscard={run.discard}
          now={() => now}
        />
      )}
    </section>
  );
}

interface PreviewProps {
  candidates: Candidates;
  known: KnownState;
  onLookUpAgain: () => void;
  send: Sender;
  defaultPrivacy: Privacy;
  openOptions: () => unknown;
  run: ReturnType<typeof useJobRun>;
}

const NO_PAGES: ReadonlyMap<string, KnownPage> = new Map();
const NONE_QUEUED: ReadonlySet<string> = new Set();

function Preview({
  candidates,
  known,
  onLookUpAgain,
  send,
  defaultPrivacy,
  openOptions,
  run,
}: PreviewProps) {
  const id = useId();
  const [contains, setContains] = useState('');
  const [atMostText, setAtMostText] = useState('');
  const [reanalyze, setReanalyze] = useState(false);
  const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [choice, setChoice] = useState<PrivacyChoice>({ privacy: defaultPrivacy, password: '' });
  const [sending, setSending] = useState(false);
  const plan = usePlan(send);
  const knownPages = known.state === 'known' ? known.pages : NO_PAGES;
  const queued = known.state === 'known' ? known.queued : NONE_QUEUED;

  const atMost = atMostOf(atMostText);
  const shown = useMemo(
    () => narrow(candidates.addresses, { contains, atMost }),
    [candidates.addresses, contains, atMost],
  );
  const checked = (url: string) => isChecked(url, knownPages, choices, reanalyze, queued);
  const selected = shown.filter(checked);
  const needs = selectionNeeds(selected, knownPages);
  const allowance = allowanceCheck(needs.creates, plan);
  const overAllowance = allowance !== null && !allowance.fits;
  const canSend =
    selected.length > 0 &&
    needs.fits &&
    // Only once the service said which pages have a report: else each would be created again.
    known.state === 'known' &&
    !passwordMissing(choice) &&
    !sending &&
    !overAllowance;
  const { failure } = run;

  function checkAll(value: boolean) {
    const next = new Map(choices);
    for (const url of shown) next.set(url, value);
    setChoices(next);
  }

  async function submit(event: Event) {
    event.preventDefault();
    if (!canSend) return;
    setSending(true);
    const started = await run.start(auditJob(selected, knownPages, choice));
    setSending(false);
    if (started === null) return;
    // Sent once is enough: they stay unchecked.
    setChoices(new Map([...choices, ...selected.map((url) => [url, false] as const)]));
    setChoice((current) => ({ ...current, password: '' }));
  }

  return (
    <form class="stack audit-preview" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 id={`${id}-title`}>{t('audit_preview')}</h2>
      {candidates.addresses.length === 0 ? (
        <p class="notice">{t('audit_none')}</p>
      ) : (
        <>
          <p class="audit-count">{countText(candidates.addresses.length)}</p>
          <HostCounts addresses={candidates.addresses} />
          <div class="audit-narrow">
            <div class="field">
              <label for={`${id}-contains`}>{t('audit_contains')}</label>
              <input
                id={`${id}-contains`}
                type="search"
                value={contains}
                onInput={(event) => setContains(event.currentTarget.value)}
              />
            </div>
            <div class="field">
              <label for={`${id}-at-most`}>{t('audit_atMost')}</label>
              <input
                id={`${id}-at-most`}
                type="number"
                min={0}
                inputMode="numeric"
                value={atMostText}
                onInput={(event) => setAtMostText(event.currentTarget.value)}
              />
            </div>
          </div>
          <KnownNotice
            id={`${id}-known`}
            known={known}
            count={knownPages.size}
            queuedCount={queued.size}
            onLookUpAgain={onLookUpAgain}
            openOptions={openOptions}
          />
          <label class="audit-check">
            <input
              type="checkbox"
              checked={reanalyze}
              onChange={(event) => {
                const next = event.currentTarget.checked;
                setReanalyze(next);
                setChoices(new Map([...choices].filter(([url]) => !knownPages.has(url))));
              }}
            />
            {t('audit_reanalyzeKnown')}
          </label>
          <div class="actions">
            <button type="button" onClick={() => checkAll(true)}>
              {t('audit_checkAll')}
            </button>
            <button type="button" onClick={() => checkAll(false)}>
              {t('audit_checkNone')}
            </button>
          </div>
          <AddressPages
            key={`${contains}\n${atMostText}`}
            addresses={shown}
            known={knownPages}
            queued={queued}
            isChecked={checked}
            onCheck={(url, value) => setChoices(new Map(choices).set(url, value))}
          />
          <p class="muted" role="status">
            {t(
              'audit_selected',
              selected.length.toLocaleString(),
              shown.length.toLocaleString(),
              needs.creates.toLocaleString(),
              needs.reanalyses.toLocaleString(),
            )}
          </p>
          {!needs.fits && (
            <p class="warning" id={`${id}-too-many`}>
              {t(
                'audit_tooMany',
                selected.length.toLocaleString(),
                MAX_AUDIT_ITEMS.toLocaleString(),
              )}
            </p>
          )}
        </>
      )}
      <NotAdded leftOut={candidates.leftOut} />
      {candidates.addresses.length > 0 && (
        <>
          <PrivacyFields
            value={choice}
            onChange={(patch) => setChoice((current) => ({ ...current, ...patch }))}
            disabled={sending}
            error={failure?.request === 'enqueueJob' ? failure.error : undefined}
          />
          <PlanAllowance id={`${id}-allowance`} check={allowance} />
          <div class="actions">
            <button
              type="submit"
              class="primary"
              disabled={!canSend}
              aria-describedby={
                known.state === 'failed'
                  ? `${id}-known`
                  : !needs.fits
                    ? `${id}-too-many`
                    : overAllowance
                      ? `${id}-allowance`
                      : undefined
              }
            >
              {t('audit_reportSelected')}
            </button>
          </div>
          <ErrorAlert
            error={failure?.error}
            context={failure ? failureContext(failure.request, t('audit_reportFailed')) : undefined}
            shownFields={['privacy', 'password']}
            onOpenOptions={openOptions}
          />
        </>
      )}
    </form>
  );
}

function KnownNotice({
  id,
  known,
  count,
  queuedCount,
  onLookUpAgain,
  openOptions,
}: {
  id: string;
  known: KnownState;
  count: number;
  queuedCount: number;
  onLookUpAgain: () => void;
  openOptions: () => unknown;
}) {
  if (known.state === 'asking') {
    return (
      <p class="muted" role="status">
        {t('audit_lookingUp')}
      </p>
    );
  }
  if (known.state === 'failed') {
    return (
      <div id={id}>
        <ErrorAlert
          error={known.error}
          context={t('audit_knownFailed')}
          onRetry={onLookUpAgain}
          onOpenOptions={openOptions}
        />
      </div>
    );
  }
  return (
    <>
      {count > 0 && (
        <p class="muted">
          {count === 1 ? t('audit_knownCount_one') : t('audit_knownCount', count.toLocaleString())}
        </p>
      )}
      {queuedCount > 0 && (
        <p class="muted">
          {queuedCount === 1
            ? t('audit_queuedCount_one')
            : t('audit_queuedCount', queuedCount.toLocaleString())}
        </p>
      )}
      {!known.complete && <p class="warning">{t('audit_knownPartly')}</p>}
    </>
  );
}
