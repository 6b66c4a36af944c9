// The background's answers to the pages' requests, one handler per type. Every answer with
// reports also updates the rating cache (and through it the badges).
import { browser } from 'wxt/browser';
import { SiteReportError } from '../api';
import { type ListReportsParams, toSummary } from '../api/model';
import { errorWithText } from '../error-text';
import { backgroundQueue } from '../jobs/queue';
import {
  type Answer,
  type AnswerMap,
  Request,
  type RequestOf,
  type RequestType,
} from '../messaging/protocol';
import { forgetProject, forgetReport, getCachedRating, rememberReports } from '../rating/cache';
import { waitShared } from '../rating/shared-waits';
import { workspaceFirstPage } from '../reports/first-page';
import { keeperOf } from '../reports/kept-list';
import { summaryOf } from '../settings';
import { testConnection } from '../settings/connection-test';
import { WORKSPACE_PATH } from '../this-page/open-workspace';
import type { HandlerDeps } from './deps';
import { errorData, NotConnectedError } from './error-data';

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

async function clientOf(deps: HandlerDeps) {
  const client = await deps.clients.get();
  if (!client) throw new NotConnectedError();
  return client;
}

/** Runs `action`; when the report turns out to be gone, the cache forgets it too. */
async function forgettingGone<T>(id: number, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof SiteReportError && error.kind === 'not_found') await forgetReport(id);
    throw error;
  }
}

/** Work started for an answer that its page need not wait for, by the answer it follows. */
const followUps = new WeakMap<object, Promise<unknown>>();

/**
 * `data`, to be answered at once; `work` (already started) goes on after, and handleMessage's
 * promise waits for it (the tests', and anything else that must see its effect).
 */
function followedBy<T extends object>(data: T, work: Promise<unknown>): T {
  followUps.set(data, work);
  return data;
}

/** A page of reports, as the pages get it; the cache takes it right after (`followedBy`). */
async function listPage(params: ListReportsParams, deps: HandlerDeps) {
  const page = await (await clientOf(deps)).reports.list(params);
  // Started now, so it is queued before any later change of the cache; never rejects.
  return followedBy({ ...page, items: page.items.map(toSummary) }, rememberReports(page.items));
}

/**
 * Lists asked for before a page asked (see prefetchWorkspace), by their parameters: the page's
 * listReports for the same list takes the answer, once, if it comes within PREFETCH_KEPT_MS.
 */
const prefetched = new Map<string, Promise<AnswerMap['listReports']>>();
const PREFETCH_KEPT_MS = 5_000;

/** The parameters as a key, whatever the order of their keys. */
const listKey = (params: ListReportsParams) =>
  JSON.stringify(
    Object.entries(params)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

function prefetchList(params: ListReportsParams, deps: HandlerDeps): void {
  const key = listKey(params);
  if (prefetched.has(key)) return;
  const answer = listPage(params, deps);
  prefetched.set(key, answer);
  const forget = () => {
    if (prefetched.get(key) === answer) prefetched.delete(key);
  };
  // A failure is not kept (nor unhandled): the page's own request asks again.
  answer.catch(forget);
  setTimeout(forget, PREFETCH_KEPT_MS);
}

/** The settings changed: lists asked for with the old ones are not handed to a page. */
export function forgetPrefetched(): void {
  prefetched.clear();
}

function takePrefetched(params: ListReportsParams) {
  const key = listKey(params);
  const answer = prefetched.get(key);
  prefetched.delete(key);
  return answer;
}

/**
 * tabs.onUpdated: a tab that starts loading the workspace (sidepanel.html) on its Reports tab
 * gets its first page asked for at once — the page itself can ask only once its code has loaded,
 * some 30 ms later. One request either way: the page's listReports takes this one. Only a new
 * document counts: the workspace rewriting its own address (filters, tabs — history.replaceState)
 * is reported as `status: 'loading'` too, and asks nothing, but its tab has the title the
 * workspace gives itself (main.tsx), which a tab only starting to load the workspace has not yet.
 * A reload keeps that title too: for both, only the client's settings are read ahead, for the
 * page's own request if one comes. The side panel and the sidebar are no tabs: they ask
 * themselves (lib/reports/first-page.ts).
 */
export function prefetchWorkspace(
  changeInfo: { status?: string; url?: string },
  tab: { url?: string; title?: string },
  deps: HandlerDeps,
  workspace: () => { url: string; title: string } = workspacePage,
): void {
  if (changeInfo.status !== 'loading') return;
  const { url, title } = workspace();
  const params = workspaceFirstPage(changeInfo.url ?? tab.url, url);
  if (!params) return;
  if (tab.title !== title) {
    prefetchList(params, deps);
  } else {
    // The workspace rewriting its address, or being reloaded (then the page is about to ask):
    // its client's settings are read ahead — a read of storage, no request.
    deps.clients.prime?.();
  }
}

const workspacePage = () => ({
  url: browser.runtime.getURL(WORKSPACE_PATH),
  title: browser.i18n.getMessage('workspace_title'),
});

type Handlers = {
  [T in RequestType]: (request: RequestOf<T>, deps: HandlerDeps) => Promise<AnswerMap[T]>;
};

export const handlers = {
  async getStatus({ url }, deps) {
    const { settings } = await deps.loadSettings();
    return { ...summaryOf(settings), cached: url ? await getCachedRating(url) : null };
  },

  async createReport({ input }, deps) {
    const report = await (await clientOf(deps)).reports.create(input);
    await rememberReports([report]);
    return toSummary(report);
  },

  async getReport({ id }, deps) {
    const client = await clientOf(deps);
    const report = await forgettingGone(id, () => client.reports.get(id));
    await rememberReports([report]);
    return toSummary(report);
  },

  async updateReport({ id, input }, deps) {
    const client = await clientOf(deps);
    const report = await forgettingGone(id, () => client.reports.update(id, input));
    await rememberReports([report]);
    return toSummary(report);
  },

  async deleteReport({ id }, deps) {
    const client = await clientOf(deps);
    const answer = await forgettingGone(id, () => client.reports.delete(id));
    await forgetReport(id);
    return answer;
  },

  /**
   * One poll per report, shared by every waiter (shared-waits.ts); it stops when the last
   * waiter leaves. A waiter with a `signal` (a page's port) leaves when it aborts; a message
   * caller stays until the answer.
   */
  async waitForResult({ id }, deps, signal?: AbortSignal) {
    const client = await clientOf(deps);
    const poll = async (stop: AbortSignal) => {
      const report = await forgettingGone(id, () =>
        client.reports.waitForResult(id, { signal: stop }),
      );
      await rememberReports([report]);
      return report;
    };
    return toSummary(await waitShared(client, id, poll, signal));
  },

  async listReports({ params, keepAs }, deps) {
    const keep = keepAs === undefined ? undefined : keeperOf(keepAs, deps);
    // Asked for already (prefetchWorkspace), unless that failed: then again.
    const early = takePrefetched(params);
    const page = await (early ? early.catch(() => listPage(params, deps)) : listPage(params, deps));
    void keep?.(page);
    return page;
  },

  async listProjects({ params }, deps) {
    return (await clientOf(deps)).projects.list(params);
  },

  async deleteProject({ name }, deps) {
    const answer = await (await clientOf(deps)).projects.delete(name);
    await forgetProject(name);
    return answer;
  },

  testConnection,

  // The background's queue (lib/jobs/queue/): jobs of many requests, paced and resumable.
  enqueueJob: ({ type: _type, ...input }) => backgroundQueue().enqueue(input),
  cancelJob: ({ id }) => backgroundQueue().cancel(id),
  retryFailed: ({ id, password }) => backgroundQueue().retryFailed(id, password),
  resumeJob: ({ id }) => backgroundQueue().resume(id),
  clearJob: ({ id }) => backgroundQueue().clear(id),
  getJobs: () => backgroundQueue().jobs(),
  takeExport: ({ id }) => backgroundQueue().takeExport(id),
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
 * answer as soon as it is known; the promise resolves to it once the work that follows it (see
 * `followedBy`) is done too.
 */
export async function handleMessage(
  message: unknown,
  sender: MessageSender | undefined,
  deps: HandlerDeps,
  answered?: (answer: Answer<RequestType>) => void,
): Promise<Answer<RequestType>> {
  const answer = await answerOf(message, sender, deps);
  answered?.(answer);
  if (answer.ok) await followUps.get(answer.data as object);
  return answer;
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
  try {
    return { ok: true, data: await handler(request, deps) };
  } catch (error) {
    return { ok: false, error: errorData(error) };
  } finally {
    // A worker woken by a page goes on with the queue's work, once the page has its answer.
    if (!request.type.endsWith('Job')) setTimeout(() => void backgroundQueue().wake(), 0);
  }
}

/**
 * The `runtime.onMessage` listener: the polyfill answers with the promise it returns, as soon as
 * the answer is known (work that follows it goes on by itself).
 */
export function messageListener(deps: HandlerDeps) {
  return (message: unknown, sender: MessageSender) => answerOf(message, sender, deps);
}
