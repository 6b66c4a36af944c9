// The background's answers about accounts (handlers.ts spreads them into its map): which one is
// in use, whether a typed key is an account's own, and removing one with everything kept for it.
import { type AccountHoldings, type KeyVerdict, keyVerdict } from '../account/key-check';
import { forgetPlan } from '../account/plans';
import { invalidInput } from '../api/errors';
import { errorWithText } from '../error-text';
import { ExplainedError } from '../errors';
import { forgetOwnerAnalyses } from '../issues/analyses';
import { isFinished } from '../jobs/schema';
import type { AnswerMap, RequestOf } from '../messaging/protocol';
import { forgetCache } from '../rating/cache-writes';
import {
  checkField,
  dropAccount,
  normaliseServiceUrl,
  noteServiceAccountId,
  useAccount,
} from '../settings';
import { countHistory, forgetServiceHistory } from '../watch/history';
import { forgetWatch, readWatch, watchedReports } from '../watch/store';
import type { HandlerDeps } from './deps';

const gone = () =>
  new ExplainedError(errorWithText({ kind: 'invalid_input', reason: 'accountGone' }));

type AccountHandlers = {
  [T in 'useAccount' | 'checkAccountKey' | 'accountHoldings' | 'removeAccount']: (
    request: RequestOf<T>,
    deps: HandlerDeps,
  ) => Promise<AnswerMap[T]>;
};

export const accountHandlers = {
  async useAccount({ id }) {
    if (!(await useAccount(id))) throw gone();
    return { id };
  },

  /**
   * Asks the service which account the typed key is, and which one the account's saved key is
   * when that was not recorded yet. A key the service refuses is an error, as in Test connection.
   */
  async checkAccountKey({ account: id, serviceUrl, apiKey }, deps): Promise<KeyVerdict> {
    const { accounts } = await deps.loadSettings();
    const account = accounts.find((candidate) => candidate.id === id);
    if (!account) throw gone();
    const address = normaliseServiceUrl(serviceUrl);
    if (!address.ok) throw invalidInput({ serviceUrl: [address.message] });
    const key = checkField('apiKey', apiKey);
    if (!key.ok || key.value === '') throw invalidInput({ apiKey: [key.ok ? '' : key.message] });
    const typed = await deps
      .createClient({ baseUrl: address.url, apiKey: key.value })
      .accountInfo();
    let saved = account.serviceAccountId;
    if (saved === undefined && account.serviceUrl && account.apiKey) {
      const client = deps.createClient({ baseUrl: account.serviceUrl, apiKey: account.apiKey });
      saved = (await client.accountInfo().catch(() => null))?.id;
      if (saved !== undefined) await noteServiceAccountId(id, saved);
    }
    return keyVerdict(
      { serviceUrl: account.serviceUrl, id: saved },
      { serviceUrl: address.url, id: typed?.id },
    );
  },

  async accountHoldings({ id }, deps): Promise<AccountHoldings> {
    const [watch, analyses, jobs] = await Promise.all([
      readWatch(id),
      countHistory(id),
      deps.queue().jobs(),
    ]);
    return {
      watched: watchedReports(watch).size,
      analyses,
      jobs: jobs.filter((job) => job.service?.account === id && !isFinished(job)).length,
    };
  },

  /** The key goes first (nothing more is sent with it), then everything kept for the account. */
  async removeAccount({ id }, deps) {
    if (!(await dropAccount(id))) throw gone();
    deps.clients.reset();
    deps.recentDetails.forgetAll();
    await Promise.all([
      forgetCache(id),
      forgetWatch(id),
      forgetServiceHistory(id),
      forgetOwnerAnalyses(id),
      forgetPlan(id).catch(() => undefined),
      deps.queue().dropAccount(id),
    ]);
    return { id };
  },
} satisfies AccountHandlers;
