// One request sent and its answer recorded in one stored change. A rejected key or no connection
// pauses every job; a network or service failure holds all requests back for a while. A request
// goes only with its job's account's key, to the address the job was made for; otherwise the job
// is held, unsent. A quota refusal stops the waiting creates of every job of that account at that
// address ("not sent").
import { SiteReportError } from '../../api/errors';
import { type CreateReportInput, type Plan, type Report, toSummary } from '../../api/model';
import { isQuotaRefusal } from '../../api/quota';
import { NotConnectedError } from '../../errors';
import type { JobOp } from '../schema';
import { accountOf, paceKey, sameService } from '../service';
import {
  announce,
  type Dispatch,
  finishIfDone,
  isOpen,
  keyOf,
  noteRunItem,
  type QueueContext,
  type QueueEvent,
  toReconcile,
  warn,
} from './context';
import { pauseAll, stopCreates } from './every-job';
import { exported } from './export-pages';
import { findMade, perform, verdictOf } from './items';
import { holdForOtherService, OtherServiceError } from './other-service';
import { type Outcome, RECONCILE_DELAY_MS, reconciled, TROUBLE_BACKOFF_MS } from './reconcile';
import { type QueueState, StorageFullError } from './store';

/** After a failed write of an answer, the first wait before writing it again; then longer. */
const RECORD_RETRY_MS = 1_000;
const MAX_RECORD_RETRY_MS = 30_000;
/** Writes of an answer tried while storage is too full to end its job either. */
const MAX_FULL_TRIES = 3;
type Gone = { id: number } | { name: string };

/** What a delete done (or found done already) leaves gone. */
function deletedBy(op: JobOp): Gone | undefined {
  if (op.type === 'deleteReport') return { id: op.id };
  if (op.type === 'deleteProject') return { name: op.name };
  return undefined;
}

const refused = (error: unknown) => error instanceof SiteReportError && error.kind === 'validation';
const quotaRefusal = (error: unknown, plan: Plan | null | undefined) =>
  error instanceof SiteReportError && isQuotaRefusal(error, plan);

/**
 * Sends a picked request and records its outcome as its item's new state, in one stored change;
 * shows it, then goes on with the work (`pump`, dispatch.ts).
 */
export function createSender(ctx: QueueContext, pump: () => Promise<void>) {
  const { env, store, pacer, passwords, effects, inFlight, unrecorded, quotaRefused } = ctx;

  /** Records an answer as its item's new state; what it leaves to remember and to show. */
  function record(
    state: QueueState,
    { jobId, index, item, service }: Dispatch,
    outcome: Outcome,
    plan?: Plan | null,
  ) {
    const events: QueueEvent[] = [];
    const seen: Report[] = [];
    let gone: Gone | undefined;
    const job = state.jobs.find((candidate) => candidate.id === jobId);
    const stored = job?.items[index];
    if (!job || !stored) return { events, seen, gone };
    if (toReconcile(item)) {
      if (!toReconcile(stored)) return { events, seen, gone };
      if (!outcome.ok && outcome.error instanceof OtherServiceError) {
        // Its account is gone: held, still unknown, with only Discard left.
        holdForOtherService(job);
        return { events, seen, gone };
      }
      seen.push(...reconciled(ctx, state, stored, outcome));
      if (!toReconcile(stored)) events.push({ job, item: stored, stage: 'finished' });
      finishIfDone(job, events, env.now());
      state.pacing = pacer.snapshot();
      return { events, seen, gone };
    }
    if (stored.state !== 'running') return { events, seen, gone };
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
      } else if (value === undefined) gone = deletedBy(op);
    } else if (outcome.error instanceof OtherServiceError) {
      stored.state = requeued;
      holdForOtherService(job);
    } else {
      const verdict = verdictOf(op, outcome.error, stored.tries ?? 0, plan);
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
        pauseAll(state, verdict.error);
      } else if (verdict.next === 'quotaUsedUp') {
        stored.state = 'failed';
        stored.error = verdict.error;
        stopCreates(state, service, events, env.now());
      } else {
        stored.state = verdict.next;
        stored.error = verdict.error;
        // Looked for a while after the answer: a gateway's timeout may come before the service's.
        if (verdict.next === 'unknown' && stored.sentAt !== undefined) {
          stored.reconcileAt = env.now() + RECONCILE_DELAY_MS;
        }
        if ((op.type === 'update' || op.type === 'read') && verdict.error.kind === 'not_found') {
          gone = { id: op.id };
        }
      }
    }
    // A create still to be looked for shows as being sent until that answer.
    if (op.type === 'create' && !toReconcile(stored)) {
      events.push({ job, item: stored, stage: isOpen(stored) ? 'queued' : 'finished' });
    }
    finishIfDone(job, events, env.now());
    state.pacing = pacer.snapshot();
    return { events, seen, gone, run: job.watchRun !== undefined && stored.state === 'done' };
  }

  const pause = (ms: number) => new Promise<void>((resume) => env.setTimer(resume, ms));

  return async function send(dispatch: Dispatch) {
    const { jobId, index, item, service, single, controller } = dispatch;
    // A create of unknown fate is looked for (findMade), never sent again.
    const sendsCreate = item.op.type === 'create' && !toReconcile(item);
    let outcome: Outcome;
    // The fingerprint of the key it went with: what a "gone" is believed with.
    let sentWith: string | undefined;
    try {
      const saved = await env.getClient(service?.account, (info, key) => pacer.for(key).note(info));
      if (!saved) throw new NotConnectedError();
      if (!sameService(saved.service, service)) throw new OtherServiceError();
      sentWith = saved.service.key;
      const { client } = saved;
      if (item.tabId !== undefined && sendsCreate) {
        await effects.tabCreate('sending', item, single).catch(() => undefined);
      }
      const { op } = item;
      const create = (input: CreateReportInput) =>
        effects.create(client, input, accountOf(saved.service));
      const value =
        op.type === 'create' && !sendsCreate
          ? await findMade(client, op.url, item.sentAt ?? 0, controller.signal)
          : await perform(client, op, () => passwords.get(jobId), controller.signal, create);
      outcome = { ok: true, value };
    } catch (error) {
      outcome = { ok: false, error };
    }
    // The plan kept from GET /account for the key a refused create went with: unreadable is not
    // known.
    const plan =
      service && sentWith && item.op.type === 'create' && !outcome.ok && refused(outcome.error)
        ? await effects.keptPlan?.({ ...service, key: sentWith }).catch(() => undefined)
        : undefined;
    // Until it is written, no other create goes to that service.
    const refusedFor =
      service && item.op.type === 'create' && !outcome.ok && quotaRefusal(outcome.error, plan)
        ? paceKey(service)
        : undefined;
    if (refusedFor) quotaRefused.add(refusedFor);
    const key = keyOf(jobId, index);
    // A read's report is kept before the item is recorded as read: the page that sees the job
    // end (the Issues tab) reads the details from its own side, and finds them there.
    const readFirst =
      item.op.type === 'read' && outcome.ok && outcome.value && !('items' in outcome.value)
        ? outcome.value
        : undefined;
    if (readFirst && service) {
      await effects.remember([readFirst], accountOf(service)).catch((error) => {
        warn('remember an answer', error);
      });
    }
    // Kept in memory until written (a failed write is tried again), and meanwhile the alarm stays
    // set: a worker stopped before that leaves the item 'running', which its successor looks at.
    unrecorded.add(key);
    inFlight.delete(key);
    let recorded: ReturnType<typeof record> | undefined;
    for (let attempt = 0; !recorded; attempt++) {
      try {
        recorded = await store.update((state) => record(state, dispatch, outcome, plan));
      } catch (error) {
        warn('record an answer', error);
        // Full: its job was ended (store.ts), not tried again. Not even that written: tried a
        // few times, then left running to a later worker, never sent again by this one.
        if (error instanceof StorageFullError && error.ended.length > 0) {
          await announce(
            ctx,
            error.ended.map((job) => ({ job })),
          );
          break;
        }
        if (error instanceof StorageFullError && attempt + 1 >= MAX_FULL_TRIES) {
          if (refusedFor) quotaRefused.delete(refusedFor);
          return;
        }
        void pump();
        await pause(Math.min(RECORD_RETRY_MS * 2 ** attempt, MAX_RECORD_RETRY_MS));
      }
    }
    unrecorded.delete(key);
    if (refusedFor) quotaRefused.delete(refusedFor);
    if (!recorded) {
      void pump();
      return;
    }
    const { events, seen, gone } = recorded;
    try {
      // Only the job's service's answers come here; a sent create's was remembered as it came.
      const askedUrl = item.op.type === 'create' ? item.op.url : undefined;
      const account = service && accountOf(service);
      if (account && seen.length > 0 && !sendsCreate && !readFirst) {
        await effects.remember(seen, account, askedUrl);
      }
      // Another key than the one the job was made with may not see that account's reports: a
      // report it finds missing is gone only by the key it was recorded under.
      if (account && gone && sentWith === service.key) await effects.forget(gone, account);
    } catch (error) {
      warn('remember an answer', error);
    }
    const [report] = seen;
    if (recorded.run && service && report) {
      await noteRunItem(ctx, dispatch, report, accountOf(service));
    }
    await announce(ctx, events);
    void pump();
  };
}
