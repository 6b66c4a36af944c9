// The API client for the saved settings, built on first use and rebuilt when the address or key
// changes.
import { createSiteReportClient, type SiteReportClient } from '../api';
import { isConnected, type LoadedSettings, loadSettings } from '../settings';

export type ClientFactory = (options: { baseUrl: string; apiKey: string }) => SiteReportClient;

export interface ClientSource {
  /** The client for the current settings, or null when the service URL or key is missing. */
  get(): Promise<SiteReportClient | null>;
  /** Forgets the built client (the settings changed). */
  reset(): void;
}

export function createClientSource({
  load = loadSettings,
  create = createSiteReportClient,
}: {
  load?: () => Promise<LoadedSettings>;
  create?: ClientFactory;
} = {}): ClientSource {
  let built: { baseUrl: string; apiKey: string; client: SiteReportClient } | null = null;
  return {
    async get() {
      const { settings } = await load();
      if (!isConnected(settings)) return null;
      const { serviceUrl: baseUrl, apiKey } = settings;
      if (built?.baseUrl !== baseUrl || built.apiKey !== apiKey) {
        built = { baseUrl, apiKey, client: create({ baseUrl, apiKey }) };
      }
      return built.client;
    },
    reset() {
      built = null;
    },
  };
}
