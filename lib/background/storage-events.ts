// The background's storage listener: a settings change resets the client, menu, badges, summary,
// paused jobs and kept lists, and looks at the newly saved service's watch schedule; a rating
// cache change refreshes the affected tabs.

import { handleRatingCacheChange, refreshBadges } from '../rating/badge';
import { isSettingsChange, loadSettings, syncSettingsSummary } from '../settings';
import { runDueSlot } from '../watch/runs';
import type { HandlerDeps } from './deps';
import { forgetKeptList } from './kept-lists';
import { syncContextMenus } from './menus';
import { backgroundQueue } from './queue';
import { rememberAnswer } from './service-answers';

export async function handleStorageChange(
  changes: Record<string, { oldValue?: unknown; newValue?: unknown }>,
  area: string,
  deps: Pick<HandlerDeps, 'clients'> &
    Partial<Pick<HandlerDeps, 'loadSettings' | 'queue' | 'remember'>>,
): Promise<void> {
  const work: (Promise<void> | undefined)[] = [handleRatingCacheChange(changes, area)];
  if (isSettingsChange(changes, area)) {
    deps.clients.reset();
    work.push(
      syncContextMenus(),
      refreshBadges(),
      syncSettingsSummary(),
      backgroundQueue().settingsChanged(),
      forgetKeptList(),
      runDueSlot({
        clients: deps.clients,
        loadSettings: deps.loadSettings ?? loadSettings,
        queue: deps.queue ?? backgroundQueue,
        remember: deps.remember ?? ((reports, serviceUrl) => rememberAnswer(reports, serviceUrl)),
      }).then(() => undefined),
    );
  }
  await Promise.all(work);
}
