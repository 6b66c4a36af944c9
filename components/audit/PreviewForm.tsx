// Add pages' preview: the addresses read, narrowed by "Address contains" and "At most", each
// with its check box (pages with a report, or still queued, start unchecked), the lines left
// out, the privacy, the plan's allowance and "Report selected pages", which starts one job.
import { useId, useMemo, useState } from 'preact/hooks';
import { allowanceCheck } from '../../lib/account/allowance';
import type { Privacy } from '../../lib/api/model';
import type { KnownPage } from '../../lib/audit/known';
import { atMostOf, auditJob, isChecked, narrow, selectionNeeds } from '../../lib/audit/selection';
import { formatNumber } from '../../lib/format-number';
import { t } from '../../lib/i18n';
import { MAX_AUDIT_ITEMS } from '../../lib/job-limits';
import type { Sender } from '../../lib/messaging/send';
import { type PrivacyChoice, passwordMissing } from '../../lib/this-page/privacy-choice';
import { PlanAllowance } from '../account/PlanAllowance';
import { usePlan } from '../account/usePlan';
import { failureContext, type JobRun } from '../jobs/useJobs';
import { PrivacyFields } from '../this-page/PrivacyFields';
import { ErrorAlert } from '../ui/ErrorAlert';
import { AddressPages, countText, HostCounts, NotAdded, type PageMark } from './AddressPreview';
import { KnownNotice } from './KnownNotice';
import type { Candidates, KnownState } from './useAddPages';

interface PreviewProps {
  candidates: Candidates;
  known: KnownState;
  onLookUpAgain: () => void;
  send: Sender;
  defaultPrivacy: Privacy;
  openOptions: () => unknown;
  run: JobRun;
}

const NO_PAGES: ReadonlyMap<string, KnownPage> = new Map();

export function PreviewForm({
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
  const markOf = (url: string): PageMark | null => {
    if (known.state !== 'known') return null;
    if (known.queued.has(url)) return 'queued';
    if (known.unknown.has(url)) return 'unknown';
    return known.unchecked.has(url) ? 'unchecked' : null;
  };
  // Pages that may have a report, or be about to get one, start unchecked.
  const doubtful = { has: (url: string) => markOf(url) !== null };

  const atMost = atMostOf(atMostText);
  const shown = useMemo(
    () => narrow(candidates.addresses, { contains, atMost }),
    [candidates.addresses, contains, atMost],
  );
  const checked = (url: string) => isChecked(url, knownPages, choices, reanalyze, doubtful);
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
          <NarrowFields
            id={id}
            contains={contains}
            atMost={atMostText}
            onContains={setContains}
            onAtMost={setAtMostText}
          />
          <KnownNotice
            id={`${id}-known`}
            known={known}
            count={knownPages.size}
            queuedCount={known.state === 'known' ? known.queued.size : 0}
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
            markOf={markOf}
            isChecked={checked}
            onCheck={(url, value) => setChoices(new Map(choices).set(url, value))}
          />
          <p class="muted" role="status">
            {t(
              'audit_selected',
              formatNumber(selected.length),
              formatNumber(shown.length),
              formatNumber(needs.creates),
              formatNumber(needs.reanalyses),
            )}
          </p>
          {!needs.fits && (
            <p class="warning" id={`${id}-too-many`}>
              {t('audit_tooMany', formatNumber(selected.length), formatNumber(MAX_AUDIT_ITEMS))}
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

/** "Address contains" and "At most": what the preview lists and the job takes. */
function NarrowFields(props: {
  id: string;
  contains: string;
  atMost: string;
  onContains: (value: string) => void;
  onAtMost: (value: string) => void;
}) {
  return (
    <div class="audit-narrow">
      <div class="field">
        <label for={`${props.id}-contains`}>{t('audit_contains')}</label>
        <input
          id={`${props.id}-contains`}
          type="search"
          value={props.contains}
          onInput={(event) => props.onContains(event.currentTarget.value)}
        />
      </div>
      <div class="field">
        <label for={`${props.id}-at-most`}>{t('audit_atMost')}</label>
        <input
          id={`${props.id}-at-most`}
          type="number"
          min={0}
          inputMode="numeric"
          value={props.atMost}
          onInput={(event) => props.onAtMost(event.currentTarget.value)}
        />
      </div>
    </div>
  );
}
