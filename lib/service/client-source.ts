// The API clients of the accounts, each built on first use and rebuilt when its address or key
// changes. The handlers and the queue each hold a source, built the same way.
import type { Account } from '../account/accounts';
import { createSiteReportClient, type SiteReportClient } from '../api';
import type { RateInfo } from '../api/rate-info';
import { NotConnectedError } from '../errors';
import type { JobService } from '../jobs/schema';
import { paceKey, serviceOf } from '../jobs/service';
import { isConnected, type LoadedSettings, loadSettings } from '../settings';
import { keepWorkerAlive } from './keep-alive';

/** Makes a client for given values; `onRateInfo` hears what each answer says of the rate limit. */
export type ClientFactory = (options: {
  baseUrl: string;
  apiKey: string;
  onRateInfo?: (info: RateInfo) => void;
}) => SiteReportClient;

/** A client of the background's: the worker is kept alive while its requests are out. */
export const backgroundClient: ClientFactory = (options) =>
  createSiteReportClient({ ...options, keepAlive: keepWorkerAlive });

/** A client of one account: what it answers is kept under `accountId`, the account's local id. */
export type AccountClient = SiteReportClient & { accountId: string };

/** A client with the account its jobs are matched by, both from one read of the settings. */
export interface SavedClient {
  client: AccountClient;
  service: JobService;
}

export interface ClientSource {
  /** The client of the account in use, or null when it has no service URL or key. */
  get(): Promise<AccountClient | null>;
  /** The client and its service, of the account in use (a key saved meanwhile cannot mix them). */
  saved(): Promise<SavedClient | null>;
  /**
   * The client of account `id`, with its key as saved now; null when the account has no service
   * URL or key, or is gone.
   */
  forAccount(id: string): Promise<SavedClient | null>;
  /** Forgets the built clients (the settings changed). */
  reset(): void;
}

interface Built {
  baseUrl: string;
  apiKey: string;
  client: AccountClient;
  service: Promise<JobService>;
}

/** One client per account, made when first needed and rebuilt when its address or key changes. */
export function createClientSource({
  load = loadSettings,
  create = backgroundClient,
  onRateInfo,
}: {
  load?: () => Promise<LoadedSettings>;
  create?: ClientFactory;
  /** Hears what each answer of a built client says of the rate limit, with its paceKey. */
  onRateInfo?: (info: RateInfo, account: string) => void;
} = {}): ClientSource {
  const built = new Map<string, Built>();

  function clientOf(account: Account): Built | null {
    const { id, serviceUrl: baseUrl, apiKey } = account;
    if (baseUrl === '' || apiKey === '') return null;
    const made = built.get(id);
    if (made?.baseUrl !== baseUrl || made.apiKey !== apiKey) {
      const client = {
        ...create({
          baseUrl,
          apiKey,
          ...(onRateInfo && {
            onRateInfo: (info: RateInfo) =>
              onRateInfo(info, paceKey({ account: id, url: baseUrl })),
          }),
        }),
        accountId: id,
      };
      const fresh = { baseUrl, apiKey, client, service: serviceOf(baseUrl, apiKey, id) };
      built.set(id, fresh);
      return fresh;
    }
    return made;
  }

  async function savedOf(made: Built | null): Promise<SavedClient | null> {
    return made && { client: made.client, service: await made.service };
  }

  async function inUse(): Promise<Built | null> {
    const { settings, account } = await load();
    return account && isConnected(settings) ? clientOf(account) : null;
  }

  return {
    async get() {
      return (await inUse())?.client ?? null;
    },
    async saved() {
      return savedOf(await inUse());
    },
    async forAccount(id) {
      const { accounts } = await load();
      const account = accounts.find((candidate) => candidate.id === id);
      return savedOf(account ? clientOf(account) : null);
    },
    reset() {
      built.clear();
    },
  };
}

/** The client of the account in use; throws NotConnectedError when there is none. */
export async function clientOf(deps: { clients: ClientSource }): Promise<AccountClient> {
  const client = await deps.clients.get();
  if (!client) throw new NotConnectedError();
  return client;
}
