// Open tabs: the window's web pages with a check box each (those with a known report start
// unchecked), one privacy, and "Report selected tabs" as one queue job whose progress shows here.
import { useEffect, useId, useState } from 'preact/hooks';
import { allowanceCheck } from '../../lib/account/allowance';
import type { Privacy } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { isFinished } from '../../lib/jobs/schema';
import type { Sender } from '../../lib/messaging/send';
import {
  followWindowTabs,
  isChecked,
  type OpenTab,
  reportTabsJob,
  type TabLike,
  type WindowTabEvents,
  webTabs,
} from '../../lib/open-tabs/open-tabs';
import { ratingCacheItem } from '../../lib/rating/cache';
import { type PrivacyChoice, passwordMissing } from '../../lib/this-page/privacy-choice';
import { PlanAllowance } from '../account/PlanAllowance';
import { usePlan } from '../account/usePlan';
import { RunProgress } from '../jobs/RunProgress';
import { failureContext, useJobRun } from '../jobs/useJobs';
import { RatingBadge } from '../rating/RatingBadge';
import { PrivacyFields } from '../this-page/PrivacyFields';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useStoredValue } from '../ui/useStoredValue';

/** The window's web pages with what the rating cache knows of each, kept current. */
function useOpenTabs(tabs: WindowTabEvents, account: string | null) {
  const [found, setFound] = useState<TabLike[] | null>(null);
  const cache = useStoredValue(ratingCacheItem);
  useEffect(() => followWindowTabs(tabs, setFound), [tabs]);
  return found && cache.loaded ? webTabs(found, cache.value, account) : null;
}

export interface OpenTabsViewProps {
  send: Sender;
  tabs: WindowTabEvents;
  defaultPrivacy: Privacy;
  /** The saved service, whose ratings alone are shown. */
  account?: string | null;
  openOptions: () => unknown;
  /** Reports were created (the other tabs' lists are stale). */
  onChanged: () => void;
}

export function OpenTabsView({
  send,
  tabs: tabsApi,
  defaultPrivacy,
  account = null,
  openOptions,
  onChanged,
}: OpenTabsViewProps) {
  const tabs = useOpenTabs(tabsApi, account);
  const [choices, setChoices] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [choice, setChoice] = useState<PrivacyChoice>({ privacy: defaultPrivacy, password: '' });
  const [sending, setSending] = useState(false);
  const run = useJobRun(send);
  const plan = usePlan(send);
  const allowanceId = useId();
  const { job, failure } = run;
  const ended = job !== null && isFinished(job);
  useEffect(() => {
    if (ended) onChanged();
  }, [ended, onChanged]);

  const selected = (tabs ?? []).filter((tab) => isChecked(tab, choices));
  const allowance = allowanceCheck(selected.length, plan);
  const overAllowance = allowance !== null && !allowance.fits;
  const canSend = selected.length > 0 && !passwordMissing(choice) && !sending && !overAllowance;

  async function submit(event: Event) {
    event.preventDefault();
    if (!canSend) return;
    setSending(true);
    const id = await run.start(reportTabsJob(selected, choice));
    setSending(false);
    if (id === null) return;
    // Sent once is enough: they stay unchecked (and once reported, their rating shows).
    setChoices(new Map(selected.map((tab) => [tab.id, false])));
    setChoice((current) => ({ ...current, password: '' }));
  }

  return (
    <section class="view" aria-label={t('workspace_tabOpenTabs')}>
      <form class="stack" onSubmit={submit}>
        {tabs === null ? (
          <p class="notice-status" role="status">
            {t('workspace_openTabsLoading')}
          </p>
        ) : tabs.length === 0 ? (
          <p class="notice">{t('workspace_openTabsEmpty')}</p>
        ) : (
          <ul class="list" aria-label={t('workspace_openTabsList')}>
            {tabs.map((tab) => (
              <TabRow
                key={tab.id}
                tab={tab}
                checked={isChecked(tab, choices)}
                onChange={(checked) => setChoices(new Map(choices).set(tab.id, checked))}
              />
            ))}
          </ul>
        )}
        {tabs && tabs.length > 0 && (
          <p class="muted">{t('workspace_selectedCount', selected.length, tabs.length)}</p>
        )}
        <PrivacyFields
          value={choice}
          onChange={(patch) => setChoice((current) => ({ ...current, ...patch }))}
          disabled={sending}
          error={failure?.request === 'enqueueJob' ? failure.error : undefined}
        />
        <PlanAllowance id={allowanceId} check={allowance} />
        <div class="actions">
          <button
            type="submit"
            class="primary"
            disabled={!canSend}
            aria-describedby={overAllowance ? allowanceId : undefined}
          >
            {t('workspace_reportSelected')}
          </button>
        </div>
        <ErrorAlert
          error={failure?.error}
          context={
            failure
              ? failureContext(failure.request, t('workspace_reportSelectedFailed'))
              : undefined
          }
          shownFields={['privacy', 'password']}
          onOpenOptions={openOptions}
        />
      </form>
      <RunProgress run={run} />
    </section>
  );
}

interface TabRowProps {
  tab: OpenTab;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

function TabRow({ tab, checked, onChange }: TabRowProps) {
  const id = useId();
  return (
    <li class="row tab-row">
      <div class="row-main">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-label={tab.title ? t('workspace_openTabName', tab.title, tab.url) : tab.url}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <label for={id}>{tab.title || tab.url}</label>
        {tab.known && <RatingBadge rating={tab.known.rating} score={tab.known.score} />}
      </div>
      {tab.title && <span class="url muted">{tab.url}</span>}
    </li>
  );
}
