// One storage listener for the background: settings changes rebuild the client, re-sync the
// menu, re-apply (or clear) the badges and keep the pages' settings summary current; rating
// cache changes refresh the affected tabs.

import { isSettingsChange, syncSettingsSummary } from '../settings';
import { handleRatingCacheChange, refreshBadges } from './badge';
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
    work.push(syncContextMenus(), refreshBadges(), syncSettingsSummary());
  }
  await Promise.all(work);
}
