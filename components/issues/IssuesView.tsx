// The workspace's Issues tab: the checks that fail across a scope's pages ("Show issues for"), the
// count of pages without details with Read details (one paced queue job), Copy as Markdown and
// Export issues CSV, and each check's failing pages.
import { useId, useMemo, useState } from 'preact/hooks';
import { formatNumber } from '../../lib/format-number';
import { t } from '../../lib/i18n';
import { issuesFile, issuesMarkdown } from '../../lib/issues/export';
import type { IssueScope, IssuesData } from '../../lib/issues/scope';
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
  const { state, reload } = useIssues(send, account, scope, active, revision, ended);
  const [notice, setNotice] = useState('');
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

  const readDetails = (ids: readonly number[]) =>
    void run.start({
      kind: 'details',
      items: ids.slice(0, MAX_AUDIT_ITEMS).map((id) => ({ type: 'read', id })),
    });

  async function copy(shown: IssuesData) {
    const copied = await copyText(issuesMarkdown(shown.rows));
    setNotice(copied ? t('issues_copied') : t('issues_copyFailed'));
  }

  function exportCsv(shown: IssuesData) {
    const file = issuesFile(shown.rows);
    download(file);
    const count = shown.rows.reduce((sum, row) => sum + row.failing.length, 0);
    setNotice(t('issues_exported', file.name, formatNumber(count)));
  }

  const running = run.job !== null && !isFinished(run.job);
  const failing = data?.rows.some((row) => row.failing.length > 0) ?? false;

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
            onClick={() => data && exportCsv(data)}
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
      {data && data.missing.length > 0 && (
        <p class="issues-missing">
          <span>
            {data.missing.length === 1
              ? t('issues_noDetailsOne', formatNumber(1), formatNumber(data.total))
              : t('issues_noDetails', formatNumber(data.missing.length), formatNumber(data.total))}
          </span>{' '}
          <button type="button" disabled={running} onClick={() => readDetails(data.missing)}>
            {t('issues_readDetails')}
          </button>
        </p>
      )}
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
  return <IssuesTable rows={data.rows} siteUrl={siteUrl} openTab={openTab} />;
}
