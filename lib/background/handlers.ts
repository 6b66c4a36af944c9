// The background's answers to the pages' requests, one handler per type. Every answer with
// reports also updates the rating cache (and through it the badges).
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { allowanceCheck, countCreates } from '../account/allowance';
import { keptPlan, keptPlanOf, planOwner } from '../account/plans';
import { type ListReportsParams, toSummary } from '../api/model';
import { errorWithText } from '../error-text';
import { ExplainedError, errorData } from '../errors';
import {
  type Answer,
  type AnswerMap,
  Request,
  type RequestOf,
  type RequestType,
} from '../messaging/protocol';
import { getCachedRating } from '../rating/cache';
import { detailsOf } from '../rating/recent-details';
import { clientOf } from '../service/client-source';
import { summaryOf } from '../settings';
import { findQueuedCreate, hasUnknownCreate, jobsForPage } from '../this-page/queued-create';
import { statusWithoutPage } from '../this-page/status-source';
import { pageWatchOf } from '../watch/overview';
import { accountHandlers } from './account-handlers';
import { testConnection } from './connection-test';
import { createReport, waitForRating } from './create-report';
import type { HandlerDeps } from './deps';
import { keeperOf } from './kept-lists';
import { knownPagesOfSaved } from './known-pages';
import { backgroundQueue } from './queue';
import { forgetGone, forgettingGone, rememberAnswer } from './service-answers';
import { watchHandlers } from './watch-handlers';

// zod/mini says only "Invalid input" without a locale: a rejected message names what was wrong
// with each field (the messages name types and keys, never the values sent).
z.config(z.locales.en());

export interface MessageSender {
  id?: string;
  url?: string;
}

/** Only the extension's own pages (also the popup opened as a tab) may talk to the background. */
export function isOwnPage(
  sender: MessageSender | undefined,
  runtime: { id: string; getURL(path: '/'): string } = browser.runtime,
): boolean {
  if (!sender || sender.id !== runtime.id || typeof sender.url !== 'string') return false;
  return sender.url.startsWith(runtime.getURL('/'));
}

/** A page of reports, as the pages get it; the cache and the history take it too. */
async function listPage(params: ListReportsParams, deps: HandlerDeps) {
  const client = await clientOf(deps);
  const page = await client.reports.list(params);
  await rememberAnswer(page.items, client.accountId);
  return { ...page, items: page.items.map(toSummary) };
}

// A job of more creates than the plan allows a month is refused before it is queued.
/**
 * Throws when the job's creates exceed the monthly allowance. Only the plan kept (the workspace
 * asked for it before offering the job) is looked at: queuing never waits on the service.
 */
async function refuseOverAllowance(
  items: readonly { type: string }[],
  deps: HandlerDeps,
): Promise<void> {
  const creates = countCreates(items);
  if (creates === 0) return;
  // A plan that cannot be read is not known: the queue says what is wrong, if anything.
  const plan = await (async () => {
    const saved = await deps.clients.saved();
    return saved ? keptPlanOf(saved.service) : undefined;
  })().catch(() => undefined);
  const check = allowanceCheck(creates, plan);
  if (check && !check.fits && check.allowance !== 'unlimited') {
    throw new ExplainedError(
      errorWithText({
        kind: 'invalid_input',
        reason: 'overAllowance',
        count: creates,
        allowance: check.allowance,
      }),
    );
  }
}

type Handlers = {
  [T in RequestType]: (request: RequestOf<T>, deps: HandlerDeps) => Promise<AnswerMap[T]>;
};

export const handlers = {
  async getStatus({ url, tabId }, deps) {
    const loaded = await deps.loadSettings();
    const summary = summaryOf(loaded);
    if (!url) return statusWithoutPage(summary);
    const account = loaded.account?.id;
    const [cached, stored] = await Promise.all([getCachedRating(url, account), jobsForPage(url)]);
    const queued = findQueuedCreate(stored, url, tabId) ?? null;
    const watch = cached && account ? await pageWatchOf(account, cached.reportId) : null;
    const mayExist = !cached && !queued && hasUnknownCreate(stored, url);
    return { ...summary, cached, queued, watch, ...(mayExist && { mayExist }) };
  },

  /**
   * The report made and its rating: the page asks on a port (send.ts), so that its going ends
   * the wait; a rating that could not be waited for leaves the report without one.
   */
  async createReport({ input }, deps, signal?: AbortSignal) {
    return (await createReport(input, deps, signal)).report;
  },

  async getReport({ id }, deps) {
    const client = await clientOf(deps);
    const report = await forgettingGone(id, client.accountId, deps, () => client.reports.get(id));
    await rememberAnswer([report], client.accountId, { details: deps.recentDetails });
    return toSummary(report);
  },

  /** From the report just answered with when there is one (no second request), else read. */
  async getReportDetails({ id }, deps) {
    const client = await clientOf(deps);
    const recent = deps.recentDetails.get(id, client.accountId);
    if (recent) return recent;
    const report = await forgettingGone(id, client.accountId, deps, () => client.reports.get(id));
    await rememberAnswer([report], client.accountId, { details: deps.recentDetails });
    return detailsOf(report);
  },

  async updateReport({ id, input }, deps) {
    const client = await clientOf(deps);
    const report = await forgettingGone(id, client.accountId, deps, () =>
      client.reports.update(id, input),
    );
    await rememberAnswer([report], client.accountId, { details: deps.recentDetails });
    return toSummary(report);
  },

  async deleteReport({ id }, deps) {
    const client = await clientOf(deps);
    const answer = await forgettingGone(id, client.accountId, deps, () =>
      client.reports.delete(id),
    );
    await forgetGone({ id }, client.accountId, deps.recentDetails);
    return answer;
  },

  waitForResult: ({ id }, deps, signal?: AbortSignal) => waitForRating(id, deps, signal),

  async listReports({ params, keepAs }, deps) {
    const keep = keepAs === undefined ? undefined : keeperOf(keepAs, deps);
    const page = await listPage(params, deps);
    void keep?.(page);
    return page;
  },

  async listProjects({ params }, deps) {
    return (await clientOf(deps)).projects.list(params);
  },

  async deleteProject({ name }, deps) {
    const client = await clientOf(deps);
    const answer = await client.projects.delete(name);
    await forgetGone({ name }, client.accountId, deps.recentDetails);
    return answer;
  },

  testConnection,

  /** The plan kept for the account (the one in use unless named), with its saved address and key. */
  async getPlan({ account }, deps) {
    const saved = account ? await deps.clients.forAccount(account) : await deps.clients.saved();
    const owner = saved && planOwner(saved.service);
    return owner ? keptPlan(owner) : null;
  },

  findKnownPages: ({ urls }, deps) => knownPagesOfSaved(urls, deps),

  // The background's queue (lib/jobs/queue/): jobs of many requests, paced and resumable.
  async enqueueJob({ type: _type, ...input }, deps) {
    await refuseOverAllowance(input.items, deps);
    return backgroundQueue().enqueue(input);
  },
  cancelJob: ({ id }) => backgroundQueue().cancel(id),
  retryFailed: ({ id, password, unknown }) =>
    backgroundQueue().retryFailed(id, password, { unknown }),
  resumeJob: ({ id }) => backgroundQueue().resume(id),
  clearJob: ({ id }) => backgroundQueue().clear(id),
  discardJob: ({ id }) => backgroundQueue().discard(id),
  getJobs: () => backgroundQueue().jobs(),
  takeExport: ({ id }) => backgroundQueue().takeExport(id),
  // Watching pages (lib/watch/): the watch list, its schedule and runs, the history.
  ...watchHandlers,
  ...accountHandlers,
} satisfies Handlers;

function rejected(
  reason: 'badSender' | 'badMessage',
  fieldErrors?: Record<string, string[]>,
): Answer<RequestType> {
  return {
    ok: false,
    error: errorWithText({ kind: 'bad_message', reason, ...(fieldErrors && { fieldErrors }) }),
  };
}

/**
 * The background's one message entry point: checks who is asking and what, runs the handler,
 * and answers with plain data — errors included, never a thrown object. `answered` gets the
 * answer too.
 */
export async function handleMessage(
  message: unknown,
  sender: MessageSender | undefined,
  deps: HandlerDeps,
  answered?: (answer: Answer<RequestType>) => void,
): Promise<Answer<RequestType>> {
  const answer = await answerOf(message, sender, deps);
  answered?.(answer);
  return answer;
}

/** The requests being answered, and whether one of them asked for the queue's next step. */
const answering = { requests: 0, stepWanted: false };

/**
 * A worker woken by a page goes on with the queue's work once every request in hand is answered
 * (a port's wait aside): a step reads and writes every stored job (2 MB with a finished
 * 10,000-page audit kept), which held up the workspace's first list, asked beside its status, by
 * 200–250 ms. A request that comes before the step starts puts it off again.
 */
function stepWhenAnswered() {
  const due = () => answering.requests === 0 && answering.stepWanted;
  if (!due()) return;
  setTimeout(() => {
    if (!due()) return;
    answering.stepWanted = false;
    void backgroundQueue().wake();
  }, 0);
}

async function answerOf(
  message: unknown,
  sender: MessageSender | undefined,
  deps: HandlerDeps,
): Promise<Answer<RequestType>> {
  if (!isOwnPage(sender)) return rejected('badSender');
  const parsed = Request.safeParse(message);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      // `input.password` is the password field; `id` is the id.
      const path = issue.path.map(String);
      if (path[0] === 'input' || path[0] === 'params') path.shift();
      const field = path.join('.') || 'request';
      fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
    }
    return rejected('badMessage', fieldErrors);
  }
  const request = parsed.data;
  const handler = handlers[request.type] as (
    request: Request,
    deps: HandlerDeps,
  ) => Promise<AnswerMap[RequestType]>;
  answering.requests += 1;
  try {
    return { ok: true, data: await handler(request, deps) };
  } catch (error) {
    return { ok: false, error: errorData(error) };
  } finally {
    answering.requests -= 1;
    if (!request.type.endsWith('Job')) answering.stepWanted = true;
    stepWhenAnswered();
  }
}

/**
 * The `runtime.onMessage` listener: the polyfill answers with the promise it returns, as soon as
 * the answer is known (work that follows it goes on by itself).
 */
export function messageListener(deps: HandlerDeps) {
  return (message: unknown, sender: MessageSender) => answerOf(message, sender, deps);
}
