// Delete, re-analyze, change the privacy of and share the selected reports: the question, the queue
// job once it is answered, and what the job means for the rows while it runs.
import { useMemo, useState } from 'preact/hooks';
import type { Privacy, ReportSummary } from '../../lib/api/model';
import type { ItemReport } from '../../lib/jobs/schema';
import type { Sender } from '../../lib/messaging/send';
import { useJobRun } from '../jobs/useJobs';
import type { RowWork } from './ReportsTable';
import type { SelectedShare } from './useSelectedShare';

export type BulkKind = 'delete' | 'reanalyze' | 'privacy' | 'share';

/** The question being asked, with the reports it is about (and, to share, their addresses). */
export interface BulkQuestion {
  kind: BulkKind;
  ids: number[];
  urls?: ReadonlyMap<number, string>;
}

/** A later version of a report wins over the listed one, never an earlier one. */
function newer(listed: ReportSummary, answer: ItemReport): boolean {
  if (!listed.updatedAt || !answer.updatedAt) return true;
  return Date.parse(answer.updatedAt) >= Date.parse(listed.updatedAt);
}

/**
 * The `listed` reports that `updated` (what a job's items kept of the answers) has newer versions
 * of, as those versions: what an item did not keep is the listed report's.
 */
export function newerReports(
  listed: readonly ReportSummary[],
  updated: ReadonlyMap<number, ItemReport>,
): Map<number, ReportSummary> {
  const result = new Map<number, ReportSummary>();
  if (updated.size === 0) return result;
  for (const report of listed) {
    const answer = updated.get(report.id);
    if (answer && newer(report, answer)) {
      result.set(report.id, { ...report, ...answer, score: answer.score });
    }
  }
  return result;
}

export function useBulkActions(send: Sender) {
  const run = useJobRun(send);
  const [question, setQuestion] = useState<BulkQuestion | null>(null);
  /** The Share selected job whose links are copied when it ends. */
  const [share, setShare] = useState<SelectedShare | null>(null);
  const job = run.job;

  /** What the job does to the rows: by id, the work under way or done, and newer reports. */
  const effect = useMemo(() => {
    const work = new Map<number, RowWork>();
    const updated = new Map<number, ItemReport>();
    if (!job || job.kind === 'export' || job.kind === 'create') return { work, updated };
    for (const item of job.items) {
      const { op } = item;
      if (op.type !== 'deleteReport' && op.type !== 'update') continue;
      const open = item.state === 'waiting' || item.state === 'running';
      if (op.type === 'deleteReport') {
        if (open) work.set(op.id, 'deleting');
        else if (item.state === 'done') work.set(op.id, 'deleted');
      } else if (open) {
        work.set(op.id, 'updating');
      } else if (item.state === 'done' && item.report) {
        updated.set(op.id, item.report);
      } else if (item.state === 'failed' && item.error?.kind === 'not_found') {
        // Found gone on the service: it leaves the list as a deleted one does.
        work.set(op.id, 'deleted');
      }
    }
    return { work, updated };
  }, [job]);

  /** Hands the answered question to the queue; true when it took it. */
  async function confirm(choice?: { privacy: Privacy; password?: string }): Promise<boolean> {
    if (!question) return false;
    const { kind, ids } = question;
    setQuestion(null);
    if (kind === 'delete') {
      return (
        (await run.start({ kind, items: ids.map((id) => ({ type: 'deleteReport', id })) })) !== null
      );
    }
    if (kind === 'reanalyze') {
      return (
        (await run.start({
          kind,
          items: ids.map((id) => ({ type: 'update', id, results: true })),
        })) !== null
      );
    }
    if (!choice) return false;
    const items = ids.map((id) => ({ type: 'update' as const, id, privacy: choice.privacy }));
    const password = choice.password ? { password: choice.password } : {};
    // Sharing is a privacy change; what it copies is worked out when the job ends.
    const jobId = await run.start({ kind: 'privacy', items, ...password });
    if (jobId !== null && kind === 'share') {
      const shared = choice.password ? { privacy: 2 as const, password: choice.password } : null;
      setShare({
        jobId,
        urls: question.urls ?? new Map(),
        choice: shared ?? { privacy: 0 },
      });
    }
    return jobId !== null;
  }

  return {
    run,
    question,
    ask: (kind: BulkKind, ids: number[], urls?: ReadonlyMap<number, string>) =>
      ids.length > 0 && setQuestion({ kind, ids, urls }),
    share,
    /** The shared links were copied (or there were none): nothing more to do when it ends. */
    shareDone: () => setShare(null),
    cancelQuestion: () => setQuestion(null),
    confirm,
    /** Rows by id: what runs on them, or that they are deleted. */
    work: effect.work,
    /** Reports by id as the job's items answered them (see newerReports). */
    updated: effect.updated,
  };
}
