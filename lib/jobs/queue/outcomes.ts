// One request sent and its answer recorded in one stored change. A rejected key or no connection
// pauses every job; a network or service failure holds all requests back for a while. A request
// goes only to the service and key its job was made for; otherwise the job is held, unsent.
import { type Report, type ReportPage, toSummary } from '../../api/model';
import { NotConnectedError } from '../../background/error-data';
import { errorWithText } from '../../error-text';
import type { Job, JobOp } from '../jobs';
import { isFinished, MAX_EXPORT_REPORTS } from '../jobs';
import { sameService } from '../service';
import {
  announce,
  type Dispatch,
  finishIfDone,
  isOpen,
  keyOf,
  type QueueContext,
  type QueueEvent,
  warn,
} from './context';
import { perform, verdictOf } from './items';
import { followSavedService, isHeldForOtherService, OtherServiceError } from './other-service';
import { exportKey, type QueueState } from './store';

/** After a network or service failure, the first wait before the next request. */
const TROUBLE_BACKOFF_MS = 2_000;

type Gone = { id: number } | { name: string };

/** Keeps an export page's reports (up to the cap) and adds the next page while there is one. */
function exported(
  state: QueueState,
  job: Job,
  index: number,
  page: ReportPage,
  cancelled: boolean,
) {
  const item = job.items[index];
  if (item?.op.type !== 'listPage') return;
  const before = job.items.reduce((sum, other) => sum + (other.count ?? 0), 0);
  const reports = page.items.slice(0, Math.max(0, MAX_EXPORT_REPORTS - before)).map(toSummary);
  state.exports[exportKey(job.id, index)] = reports;
  item.count = reports.length;
  const full = before + reports.length >= MAX_EXPORT_REPORTS;
  if ((full && page.hasNext) || reports.length < page.items.length) {
    job.error = errorWithText({ kind: 'invalid_input', reason: 'exportCut' });
  } else if (page.hasNext && !cancelled) {
    const params = { ...item.op.params, page: (item.op.params.page ?? 1) + 1 };
    job.items.push({ op: { type: 'listPage', params }, state: 'waiting' });
  }
}

/** What a delete done (or found done already) leaves gone. */
function deletedBy(op: JobOp): Gone | undefined {
  if (op.type === 'deleteReport') return { id: op.id };
  if (op.type === 'deleteProject') return { name: op.name };
  return undefined;
}

/**
 * Sends a picked request and records its outcome as its item's new state, in one stored change;
 * shows it, then goes on with the work (`pump`, dispatch.ts).
 */
export function createSender(ctx: QueueContext, pump: () => Promise<void>) {
  const { env, store, pacer, passwords, effects, inFlight } = ctx;

  return async function send(dispatch: Dispatch) {
    const { jobId, index, item, service, single, controller } = dispatch;
    let outcome:
      | { ok: true; value: Report | ReportPage | undefined }
      | { ok: false; error: unknown };
    try {
      const saved = await env.getClient((info, serviceUrl) => pacer.for(serviceUrl).note(info));
      if (!saved) throw new NotConnectedError();
      if (!sameService(saved.service, service)) throw new OtherServiceError(saved.service);
      const { client } = saved;
      if (item.tabId !== undefined && item.op.type === 'create') {
        await effects.tabCreate('sending', item, single).catch(() => undefined);
      }
      const value = await perform(client, item.op, () => passwords.get(jobId), controller.signal);
      outcome = { ok: true, value };
    } catch (error) {
      outcome = { ok: false, error };
    }
    inFlight.delete(keyOf(jobId, index));
    // Filled in by the change, and acted on even if writing it fails.
    const events: QueueEvent[] = [];
    const seen: Report[] = [];
    let gone: Gone | undefined;
    try {
      await store.update((state) => {
        const job = state.jobs.find((candidate) => candidate.id === jobId);
        const stored = job?.items[index];
        if (!job || !stored || stored.state !== 'running') return;
        const cancelled = job.state === 'cancelled';
        const requeued = cancelled ? 'cancelled' : 'waiting';
        const op = stored.op;
        if (outcome.ok) {
          stored.state = 'done';
          delete stored.error;
          const value = outcome.value;
          if (value && 'items' in value) {
            seen.push(...value.items);
            if (op.type === 'listPage') exported(state, job, index, value, cancelled);
          } else if (value) {
            seen.push(value);
            stored.report = toSummary(value);
          } else gone = deletedBy(op);
        } else if (outcome.error instanceof OtherServiceError) {
          stored.state = requeued;
          followSavedService(state.jobs, outcome.error.saved);
        } else {
          const verdict = verdictOf(op, outcome.error, stored.tries ?? 0);
          if (verdict.next === 'done') {
            stored.state = 'done';
            delete stored.error;
            gone = deletedBy(op);
          } else if (verdict.next === 'waiting') {
            stored.state = requeued;
          } else if (verdict.next === 'retry') {
            stored.state = requeued;
            stored.error = verdict.error;
            stored.tries = (stored.tries ?? 0) + 1;
            ctx.backoffUntil = env.now() + TROUBLE_BACKOFF_MS * 2 ** (stored.tries - 1);
          } else if (verdict.next === 'pause') {
            stored.state = requeued;
            for (const other of state.jobs) {
              if (isFinished(other) || isHeldForOtherService(other)) continue;
              other.state = 'paused';
              other.pause = verdict.error;
              delete other.resumeAt;
            }
          } else {
            stored.state = verdict.next;
            stored.error = verdict.error;
            if (op.type === 'update' && verdict.error.kind === 'not_found') gone = { id: op.id };
          }
        }
        if (op.type === 'create') {
          events.push({ job, item: stored, stage: isOpen(stored) ? 'queued' : 'finished' });
        }
        finishIfDone(job, events, env.now());
        state.pacing = pacer.snapshot();
      });
    } catch (error) {
      warn('record an answer', error);
    }
    try {
      // Only answers of the job's service come this far.
      if (service && seen.length > 0) await effects.remember(seen, service.url);
      if (service && gone) await effects.forget(gone, service.url);
    } catch (error) {
      warn('remember an answer', error);
    }
    await announce(ctx, events);
    void pump();
  };
}
