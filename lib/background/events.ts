// What the background does on the browser's events that concern several of its parts: an
// install or update, a browser start, an alarm, and a change in storage.

import type { Browser } from 'wxt/browser';
import { planOwner, refreshPlan } from '../account/plans';
import { handleRatingCacheChange, refreshBadges } from '../rating/badge';
import {
  isSettingsChange,
  loadSettings,
  noteServiceAccountId,
  syncSettingsSummary,
} from '../settings';
import { handleWatchAlarm, runDueSlot } from '../watch/runs';
import { upgradeToAccounts } from './accounts-upgrade';
import type { HandlerDeps } from './deps';
import { forgetKeptList } from './kept-lists';
import { syncContextMenus } from './menus';
import { setDefaultSuggestion } from './omnibox';
import { backgroundQueue } from './queue';
import { rememberAnswer } from './service-answers';

/**
 * Installs, updates and browser starts may find settings the summary does not reflect yet, or an
 * earlier version's (moved to the first account before anything else reads what was kept).
 */
export async function handleInstalled(deps: HandlerDeps) {
  setDefaultSuggestion();
  await upgradeToAccounts(deps.queue);
  return Promise.all([
    syncContextMenus(),
    refreshBadges(),
    syncSettingsSummary(),
    backgroundQueue().wake(),
    runDueSlot(deps),
    refreshSavedPlan(deps),
  ]);
}

/** As on an install, and a scheduled run missed while the browser was closed runs once now. */
export async function handleStartup(deps: HandlerDeps) {
  setDefaultSuggestion();
  await upgradeToAccounts(deps.queue);
  return Promise.all([
    syncContextMenus(),
    syncSettingsSummary(),
    backgroundQueue().wake(),
    runDueSlot(deps),
    refreshSavedPlan(deps),
  ]);
}

/**
 * Each account's plan (and the service's id of it), asked here so that neither opening a page nor
 * switching accounts asks the service for it: only an account with none kept, or one a day old,
 * is asked. Never rejects: settings that cannot be read now leave the plans to the next save or
 * start.
 */
async function refreshSavedPlan(
  deps: Pick<HandlerDeps, 'clients'> & Partial<Pick<HandlerDeps, 'loadSettings'>>,
): Promise<void> {
  try {
    const { accounts } = await (deps.loadSettings ?? loadSettings)();
    await Promise.all(
      accounts.map(async ({ id }) => {
        const saved = await deps.clients.forAccount(id);
        if (!saved) return;
        const owner = planOwner(saved.service);
        const told = owner && (await refreshPlan(saved.client, owner));
        if (told?.id === undefined) return;
        // The id is that key's: not noted when another key (or address) was saved meanwhile.
        const now = (await deps.clients.forAccount(id))?.service;
        if (now?.key === owner?.key && now?.url === owner?.url) {
          await noteServiceAccountId(id, told.id);
        }
      }),
    );
  } catch {
    // Pages show no plan until then; nothing else waits on it.
  }
}

/** The queue's work goes on after the worker stopped (lib/jobs/queue/); watched pages' runs. */
export function handleAlarm(alarm: { name: string }, deps: HandlerDeps): void {
  void backgroundQueue().handleAlarm(alarm);
  void handleWatchAlarm(alarm, deps);
}

/**
 * A settings change resets the client, menu, badges, summary, paused jobs and kept lists, and
 * looks at the newly saved service's watch schedule; a rating cache change refreshes the
 * affected tabs.
 */
export async function handleStorageChange(
  changes: Record<string, Browser.storage.StorageChange>,
  area: string,
  deps: Pick<HandlerDeps, 'clients'> &
    Partial<Pick<HandlerDeps, 'loadSettings' | 'queue' | 'remember'>>,
): Promise<void> {
  const work: (Promise<void> | undefined)[] = [handleRatingCacheChange(changes, area)];
  if (isSettingsChange(changes, area) && !onlyServiceIdsNoted(changes)) {
    // Settings of an earlier layout written meanwhile (a restore, a sync) are moved too.
    await upgradeToAccounts(deps.queue ?? backgroundQueue);
    deps.clients.reset();
    work.push(
      syncContextMenus(),
      refreshBadges(),
      syncSettingsSummary(),
      backgroundQueue().settingsChanged(),
      forgetKeptList(),
      refreshSavedPlan(deps),
      runDueSlot({
        clients: deps.clients,
        loadSettings: deps.loadSettings ?? loadSettings,
        queue: deps.queue ?? backgroundQueue,
        remember: deps.remember ?? ((reports, account) => rememberAnswer(reports, account)),
      }).then(() => undefined),
    );
  }
  await Promise.all(work);
}

/**
 * Whether a change only recorded the service's id of accounts (noteServiceAccountId): nothing
 * that anything follows has changed.
 */
function onlyServiceIdsNoted(changes: Record<string, Browser.storage.StorageChange>) {
  const keys = Object.keys(changes);
  if (keys.length !== 1 || keys[0] !== 'accounts') return false;
  const withoutIds = (value: unknown) =>
    JSON.stringify(value, (key, field) => (key === 'serviceAccountId' ? undefined : field));
  return withoutIds(changes.accounts?.oldValue) === withoutIds(changes.accounts?.newValue);
}
