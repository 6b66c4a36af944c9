// One storage listener for the background: settings changes rebuild the client, re-sync the
// menu and re-apply (or clear) the badges; rating cache changes refresh the affected tabs.
import { handleRatingCacheChange, refreshBadges } from '../badge';
import { isSettingsChange } from '../settings';
import type { HandlerDeps } from './handlers';
import { syncContextMenus } from './menus';

export async function handleStorageChange(
  changes: Record<string, { oldValue?: unknown; newValue?: unknown }>,
  area: string,
  deps: Pick<HandlerDeps, 'clients'>,
): Promise<void> {
  const work: (Promise<void> | undefined)[] = [handleRatingCacheChange(changes, area)];
  if (isSettingsChange(changes, area)) {
    deps.clients.reset();
    work.push(syncContextMenus(), refreshBadges());
  }
  await Promise.all(work);
}
