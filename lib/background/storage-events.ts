// One storage listener for the background: settings changes rebuild the client, re-sync the
// menu, re-apply (or clear) the badges, keep the pages' settings summary current and let paused
// queue jobs go on (a new key may be accepted), and forget the workspace's last shown list
// (another service's, or another key's); rating cache changes refresh the affected tabs.

import { backgroundQueue } from '../jobs/queue';
import { handleRatingCacheChange, refreshBadges } from '../rating/badge';
import { forgetKeptList } from '../reports/kept-list';
import { isSettingsChange, syncSettingsSummary } from '../settings';
import type { HandlerDeps } from './deps';
import { syncContextMenus } from './menus';

export async function handleStorageChange(
  changes: Record<string, { oldValue?: unknown; newValue?: unknown }>,
  area: string,
  deps: Pick<HandlerDeps, 'clients'>,
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
    );
  }
  await Promise.all(work);
}
