// The API client for the saved settings, built on first use and rebuilt when the address or key
// changes. The handlers and the queue each hold one, built the same way.
import { createSiteReportClient, type SiteReportClient } from '../api';
import type { RateInfo } from '../api/rate-info';
import { NotConnectedError } from '../errors';
import type { JobService } from '../jobs/schema';
import { serviceOf } from '../jobs/service';
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

/** A client with the service its jobs are matched by, both from one read of the settings. */
export interface SavedClient {
  client: SiteReportClient;
  service: JobService;
}

export interface ClientSource {
  /** The client for the current settings, or null when the service URL or key is missing. */
  get(): Promise<SiteReportClient | null>;
  /** The client and its service, of the same settings (a key saved meanwhile cannot mix them). */
  saved(): Promise<SavedClient | null>;
  /** Forgets the built client (the settings changed). */
  reset(): void;
}

export function createClientSource({
  load = loadSettings,
  create = backgroundClient,
  onRateInfo,
}: {
  load?: () => Promise<LoadedSettings>;
  create?: ClientFactory;
  /** Hears what each answer of the built client says of the rate limit, with its base URL. */
  onRateInfo?: (info: RateInfo, baseUrl: string) => void;
} = {}): ClientSource {
  let built: {
    baseUrl: string;
    apiKey: string;
    client: SiteReportClient;
    service?: Promise<JobService>;
  } | null = null;

  async function current() {
    const { settings } = await load();
    if (!isConnected(settings)) return null;
    const { serviceUrl: baseUrl, apiKey } = settings;
    if (built?.baseUrl !== baseUrl || built.apiKey !== apiKey) {
      const client = create({
        baseUrl,
        apiKey,
        ...(onRateInfo && { onRateInfo: (info: RateInfo) => onRateInfo(info, baseUrl) }),
      });
      built = { baseUrl, apiKey, client };
    }
    return built;
  }

  return {
    async get() {
      return (await current())?.client ?? null;
    },
    async saved() {
      const made = await current();
      if (!made) return null;
      made.service ??= serviceOf(made.baseUrl, made.apiKey);
      return { client: made.client, service: await made.service };
    },
    reset() {
      built = null;
    },
  };
}

/** The saved settings' client; throws NotConnectedError when there is none. */
export async function clientOf(deps: { clients: ClientSource }): Promise<SiteReportClient> {
  const client = await deps.clients.get();
  if (!client) throw new NotConnectedError();
  return client;
}
