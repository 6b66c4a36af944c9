// The API client for the saved settings, built on first use and rebuilt when the address or key
// changes; the settings may be read ahead (`prime`) when a request is about to come.
import { createSiteReportClient, type SiteReportClient } from '../api';
import { isConnected, type LoadedSettings, loadSettings } from '../settings';

export type ClientFactory = (options: { baseUrl: string; apiKey: string }) => SiteReportClient;

export interface ClientSource {
  /** The client for the current settings, or null when the service URL or key is missing. */
  get(): Promise<SiteReportClient | null>;
  /** Forgets the built client, and settings read ahead (the settings changed). */
  reset(): void;
  /**
   * Starts reading the settings now, for the next `get` (a request is about to come). Nothing
   * waits for it. Optional: the tests' sources have none.
   */
  prime?(): void;
}

/** How long settings read ahead are good for: the request they were read for comes at once. */
export const READ_AHEAD_MS = 2_000;

export function createClientSource({
  load = loadSettings,
  create = createSiteReportClient,
  now = Date.now,
}: {
  load?: () => Promise<LoadedSettings>;
  create?: ClientFactory;
  now?: () => number;
} = {}): ClientSource {
  let built: { baseUrl: string; apiKey: string; client: SiteReportClient } | null = null;
  let ahead: { read: Promise<LoadedSettings>; at: number } | null = null;
  return {
    async get() {
      // Read ahead (not long ago), unless that read failed: then again.
      const fresh = ahead && now() - ahead.at < READ_AHEAD_MS ? ahead.read : null;
      const read = fresh?.catch(() => load()) ?? load();
      ahead = null;
      const { settings } = await read;
      if (!isConnected(settings)) return null;
      const { serviceUrl: baseUrl, apiKey } = settings;
      if (built?.baseUrl !== baseUrl || built.apiKey !== apiKey) {
        built = { baseUrl, apiKey, client: create({ baseUrl, apiKey }) };
      }
      return built.client;
    },
    reset() {
      built = null;
      ahead = null;
    },
    prime() {
      if (ahead && now() - ahead.at < READ_AHEAD_MS) return;
      const read = load();
      // A failure is the next `get`'s to handle (it reads again), not an unhandled rejection.
      read.catch(() => undefined);
      ahead = { read, at: now() };
    },
  };
}
