// Settings as loadSettings answers them, for tests that hand the background their own: connected
// (a service URL and key), they are account `a1`'s.
import { DEFAULT_SETTINGS, type LoadedSettings, type Settings } from '../../lib/settings/schema';

export function loadedSettings(patch: Partial<Settings> = {}): LoadedSettings {
  const settings = { ...DEFAULT_SETTINGS, ...patch };
  const account = settings.serviceUrl
    ? {
        id: 'a1',
        name: new URL(settings.serviceUrl).host,
        serviceUrl: settings.serviceUrl,
        siteUrl: settings.siteUrl,
        apiKey: settings.apiKey,
      }
    : null;
  return { settings, locked: [], account, accounts: account ? [account] : [] };
}
