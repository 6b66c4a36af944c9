// The background's storage listener: a settings change resets the client, menu, badges, summary,
// paused jobs and kept lists; a rating cache change refreshes the affected tabs.

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
