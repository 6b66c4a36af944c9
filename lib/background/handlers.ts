// The background's answers to the pages' requests: one plain handler per request type. Every
// answer that carries reports also updates the rating cache (and through it the badges), so
// the cache is kept in one place.
import { SiteReportError } from '../api';
import { t } from '../i18n';
import {
  type Answer,
  type AnswerMap,
  Request,
  type RequestOf,
  type RequestType,
} from '../messages';
import { summaryOf } from '../settings';
import { testConnection } from './connection-test';
import type { HandlerDeps } from './deps';
import { errorData, NotConnectedError } from './error-text';
import { forgetProject, forgetReport, getCachedRating, rememberReports } from './rating-store';
import { isOwnPage, type MessageSender } from './sender';

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
    return report;
  },

  async getReport({ id }, deps) {
    const client = await clientOf(deps);
    const report = await forgettingGone(id, () => client.reports.get(id));
    await rememberReports([report]);
    return report;
  },

  async updateReport({ id, input }, deps) {
    const client = await clientOf(deps);
    const report = await forgettingGone(id, () => client.reports.update(id, input));
    await rememberReports([report]);
    return report;
  },

  async deleteReport({ id }, deps) {
    const client = await clientOf(deps);
    const answer = await forgettingGone(id, () => client.reports.delete(id));
    await forgetReport(id);
    return answer;
  },

  async waitForResult({ id }, deps) {
    const client = await clientOf(deps);
    const report = await forgettingGone(id, () => client.reports.waitForResult(id));
    await rememberReports([report]);
    return report;
  },

  async listReports({ params }, deps) {
    const page = await (await clientOf(deps)).reports.list(params);
    await rememberReports(page.items);
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
} satisfies Handlers;

function rejected(message: string, fieldErrors?: Record<string, string[]>): Answer<RequestType> {
  return {
    ok: false,
    error: { kind: 'bad_message', message, ...(fieldErrors && { fieldErrors }) },
  };
}

/**
 * The background's one message entry point: checks who is asking and what, runs the handler,
 * and answers with plain data — errors included, never a thrown object.
 */
export async function handleMessage(
  message: unknown,
  sender: MessageSender | undefined,
  deps: HandlerDeps,
): Promise<Answer<RequestType>> {
  if (!isOwnPage(sender)) return rejected(t('bg_bad_sender'));
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
    return rejected(t('bg_bad_message'), fieldErrors);
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
  }
}
