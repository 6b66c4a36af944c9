// The background keeps the workspace's lists, not the page: an answer to a request made before
// the settings last changed (another key, say) must not be kept.
import type { ReportSummaryPage } from '../api/model';
import { forgetLastPage, keepLastPage } from '../reports/last-page';
import type { HandlerDeps } from './deps';

let settingsChanges = 0;

/** The settings changed: what was kept is another service's, or another key's. */
export function forgetKeptList(): Promise<void> {
  settingsChanges += 1;
  return forgetLastPage();
}

/**
 * To be called as a list is asked for: keeps the answer it is given under `key` (the page's name
 * for the list), with the service it came from, unless the settings changed in between. Never
 * rejects.
 */
export function keeperOf(key: string, deps: Pick<HandlerDeps, 'loadSettings'>) {
  const since = settingsChanges;
  return async (data: ReportSummaryPage): Promise<void> => {
    try {
      const { account } = await deps.loadSettings();
      // Checked right before the write is started: a change after it forgets what it wrote.
      if (since !== settingsChanges) return;
      await keepLastPage({ key, service: account?.id ?? null, data });
    } catch {
      // Only a faster start is lost.
    }
  };
}
