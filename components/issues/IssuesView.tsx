// The workspace's Issues tab: the checks that fail across a scope's pages ("Show issues for"), the
// count of pages without details with Read details (one paced queue job), Copy as Markdown and
// Export issues CSV, and each check's failing pages.
import { useId, useMemo, useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import { formatNumber } from '../../lib/format-number';
import { t } from '../../lib/i18n';
import { issuesFile, issuesMarkdown } from '../../lib/issues/export';
import { type IssueScope, type IssuesData, issuesWithPages } from '../../lib/issues/scope';
import { isFinished, MAX_AUDIT_ITEMS } from '../../lib/jobs/schema';
import type { Sender } from '../../lib/messaging/send';
import { RunProgress } from '../jobs/RunProgress';
import { useJobRun } from '../jobs/useJobs';
import { downloadFile } from '../reports/useExport';
import { useProjectChoices } from '../reports/useProjectChoices';
import { ErrorAlert } from '../ui/ErrorAlert';
import { Spinner } from '../ui/Spinner';
import { IssuesTable } from './IssuesTable';
import { useIssues } from './useIssues';
import './issues.css';

const ALL = 'all';
const WATCHED = 'watched';
const PROJECT = 'project:';

function scopeOf(value: string): IssueScope {
  if (value === WATCHED) return { kind: 'watched' };
  if (value.startsWith(PROJECT)) return { kind: 'project', name: value.slice(PROJECT.length) };
  return { kind: 'all' };
}

const scopeValue = (scope: IssueScope) =>
  scope.kind === 'project' ? `${PROJECT}${scope.name}` : scope.kind;

/** As components/reports/clipboard.ts does; imported, it would be a chunk the popup must list. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export interface IssuesViewProps {
  send: Sender;
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  siteUrl: string | null;
  /** The owner the kept details are read for (the saved service, as the history keys it). */
  account: string | null;
  /** Whether the tab is shown; hidden, it reads nothing. */
  active: boolean;
  revision: number;
  download?: typeof downloadFile;
}

export function IssuesView({
  send,
  openTab,
  openOptions,
  siteUrl,
  account,
  active,
  revision,
  download = downloadFile,
}: IssuesViewProps) {
  const [scope, setScope] = useState<IssueScope>({ kind: 'all' });
  const run = useJobRun(send);
  // Each end, also of a Retry failed of the same job, reads the table again.
  const ended =
    run.job && isFinished(run.job) ? `${run.job.id}:${run.job.finishedAt ?? run.job.state}` : null;
  const { state, reload, missingOfAll } = useIssues(send, account, scope, active, revision, ended);
  const [notice, setNotice] = useState('');
  /** All reports' Read details: the account's list being read, or why it could not be. */
  const [listing, setListing] = useState<{ error?: ErrorData } | null>(null);
  const scopeId = useId();
  const data = state.phase === 'ready' ? state.data : state.phase === 'loading' ? state.data : null;
  const chosen = scope.kind === 'project' ? scope.name : '';
  const projects = useProjectChoices(send, revision, [], chosen);
  const options = useMemo(
    () => [
      { value: ALL, label: t('issues_scopeAll') },
      { value: WATCHED, label: t('issues_scopeWatched') },
      ...projects.names.map((name) => ({ value: `${PROJECT}${name}`, label: name })),
    ],
    [projects.names],
  );

  const readIds = (ids: readonly number[]) =>
    void run.start({
      kind: 'details',
      items: ids.slice(0, MAX_AUDIT_ITEMS).map((id) => ({ type: 'read', id })),
    });

  /** All reports knows how many, not which: the account's list says which, on this click only. */
  async function readDetails(shown: IssuesData) {
    if (shown.missingIds) return readIds(shown.missingIds);
    setListing({});
    const missing = await missingOfAll();
    if (!missing.ok) return setListing({ error: missing.error });
    setListing(null);
    if (missing.ids.length > 0) readIds(missing.ids);
    else void reload();
  }

  async function copy(shown: IssuesData) {
    const rows = await issuesWithPages(shown.source);
    const copied = await copyText(issuesMarkdown(rows));
    setNotice(copied ? t('issues_copied') : t('issues_copyFailed'));
  }

  async function exportCsv(shown: IssuesData) {
    const rows = await issuesWithPages(shown.source);
    const file = issuesFile(rows);
    download(file);
    const count = rows.reduce((sum, row) => sum + row.failing.length, 0);
    setNotice(t('issues_exported', file.name, formatNumber(count)));
  }

  const running =
    (run.job !== null && !isFinished(run.job)) || (listing !== null && !listing.error);
  const failing = data?.rows.some((row) => row.pages > 0) ?? false;

  return (
    <section class="view issues" aria-label={t('workspace_tabIssues')}>
      <div class="issues-bar">
        {/* A native select (components/ui/SelectField's markup): imported, that component
            would become a chunk of its own that the popup lists. */}
        <div class="field">
          <label for={scopeId}>{t('issues_scope')}</label>
          <select
            id={scopeId}
            value={scopeValue(scope)}
            onFocus={projects.load}
            onPointerDown={projects.load}
            onKeyDown={projects.load}
            onChange={(event) => {
              setNotice('');
              setListing(null);
              setScope(scopeOf(event.currentTarget.value));
            }}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <p class="actions">
          <button
            type="button"
            disabled={!data || !failing}
            onClick={() => data && void copy(data)}
          >
            {t('issues_copyMarkdown')}
          </button>
          <button
            type="button"
            disabled={!data || !failing}
            onClick={() => data && void exportCsv(data)}
          >
            {t('issues_exportCsv')}
          </button>
        </p>
      </div>
      <p class="notice-status" role="status">
        {notice}
      </p>
      {state.phase === 'loading' && (
        <p class="muted" aria-live="polite">
          <Spinner /> {state.listing ? t('issues_listing') : t('issues_loading')}
        </p>
      )}
      {state.phase === 'failed' && (
        <ErrorAlert
          error={state.error}
          context={state.listing ? t('issues_listFailed') : t('issues_loadFailed')}
          onRetry={() => void reload()}
          onOpenOptions={openOptions}
        />
      )}
      {data && data.missing > 0 && (
        <p class="issues-missing">
          <span>
            {data.missing === 1
              ? t('issues_noDetailsOne', formatNumber(1), formatNumber(data.total))
              : t('issues_noDetails', formatNumber(data.missing), formatNumber(data.total))}
          </span>{' '}
          <button type="button" disabled={running} onClick={() => void readDetails(data)}>
            {t('issues_readDetails')}
          </button>
        </p>
      )}
      {listing && !listing.error && (
        <p class="muted" aria-live="polite">
          <Spinner /> {t('issues_listingAll')}
        </p>
      )}
      <ErrorAlert
        error={listing?.error}
        context={t('issues_listAllFailed')}
        onRetry={() => data && void readDetails(data)}
        onOpenOptions={openOptions}
      />
      <RunProgress run={run} />
      <ErrorAlert error={run.failure?.error} onOpenOptions={openOptions} />
      {data && <IssuesBody data={data} siteUrl={siteUrl} openTab={openTab} />}
    </section>
  );
}

function IssuesBody({
  data,
  siteUrl,
  openTab,
}: {
  data: IssuesData;
  siteUrl: string | null;
  openTab: (url: string) => unknown;
}) {
  if (data.total === 0) return <p class="empty">{t('issues_emptyScope')}</p>;
  if (data.withDetails === 0) return <p class="empty">{t('issues_emptyNoDetails')}</p>;
  if (data.rows.length === 0) return <p class="empty">{t('issues_empty')}</p>;
  return <IssuesTable rows={data.rows} source={data.source} siteUrl={siteUrl} openTab={openTab} />;
}
