// The Reports tab's jobs in the background's queue: the bulk action's and the export's progress
// with Cancel, Resume, Retry failed and Discard, and a refused request about either.
import type { ErrorData } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Job } from '../../lib/jobs/schema';
import { jobTitle } from '../../lib/jobs/words';
import type { ExportFormat } from '../../lib/reports/export';
import { JobProgress } from '../jobs/JobProgress';
import { failureContext, type JobFailure } from '../jobs/useJobs';
import { ErrorAlert } from '../ui/ErrorAlert';

/** One of the tab's jobs (useJobRun) and what can be asked about it. */
interface JobControls {
  job: Job | null;
  cancel: () => unknown;
  retry: () => unknown;
  resume: () => unknown;
  discard: () => unknown;
}

export interface ReportsProgressProps {
  bulk: JobControls & { failure: JobFailure | null };
  exporter: JobControls & {
    format: ExportFormat;
    failure: { context: string; error: ErrorData } | null;
  };
  openOptions?: () => unknown;
}

/** The progress's name ("Delete 3 reports") and the summary's words ("3 deleted"). */
export function bulkLabels(job: Job) {
  const kind = job.kind;
  return {
    title: jobTitle(job),
    done: (n: number) =>
      kind === 'delete'
        ? t('workspace_done_delete', n)
        : kind === 'reanalyze'
          ? t('workspace_done_reanalyze', n)
          : t('workspace_done_privacy', n),
  };
}

/** How many reports an export's pages brought so far. */
export function exportedCount(job: Pick<Job, 'items'>): number {
  return job.items.reduce((sum, item) => sum + (item.state === 'done' ? (item.count ?? 0) : 0), 0);
}

export function exportLabels(job: Job, format: ExportFormat) {
  const count = exportedCount(job);
  return {
    title: format === 'csv' ? t('export_jobCsv') : t('export_jobJson'),
    position: t('export_soFar', count),
    done: () => t('export_exported', count),
  };
}

export function ReportsProgress({ bulk, exporter, openOptions }: ReportsProgressProps) {
  return (
    <>
      <ErrorAlert
        error={bulk.failure?.error}
        context={
          bulk.failure
            ? failureContext(bulk.failure.request, t('workspace_reports_bulkFailed'))
            : undefined
        }
        onOpenOptions={openOptions}
      />
      {bulk.job && (
        <JobProgress
          job={bulk.job}
          labels={bulkLabels(bulk.job)}
          onCancel={bulk.cancel}
          onRetryFailed={bulk.retry}
          onResume={bulk.resume}
          onDiscard={bulk.discard}
        />
      )}
      <ErrorAlert
        error={exporter.failure?.error}
        context={exporter.failure?.context}
        onOpenOptions={openOptions}
      />
      {exporter.job && (
        <JobProgress
          job={exporter.job}
          labels={exportLabels(exporter.job, exporter.format)}
          onCancel={exporter.cancel}
          onRetryFailed={exporter.retry}
          onResume={exporter.resume}
          onDiscard={exporter.discard}
        />
      )}
    </>
  );
}
