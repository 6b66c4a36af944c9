// The upgrade to accounts: an earlier version kept one service in the settings, and everything
// else under that service's base URL. Its settings become the first account (named after the
// service's host) in one write; then what was kept under the base URL moves to that account, each
// store in its own step. Every step can run again, so a worker stopped midway finishes it at its
// next start; the move is marked done only when every step went through.
import { AccountId, FIRST_ACCOUNT_ID } from '../account/accounts';
import { plansItem } from '../account/plans';
import { moveAnalyses } from '../issues/analyses';
import type { Queue } from '../jobs/queue';
import { moveCache } from '../rating/cache-writes';
import { forgetLastPage } from '../reports/last-page';
import { moveToAccounts, upgradeDone } from '../settings';
import { moveHistory, warnWatch } from '../watch/history';
import { moveWatch } from '../watch/store';

const isAccountId = (key: string) => AccountId.safeParse(key).success;

let running: Promise<void> | undefined;

/** Moves an earlier version's settings and what it kept to the first account. Never rejects. */
export function upgradeToAccounts(queue: () => Queue): Promise<void> {
  running ??= upgrade(queue)
    .catch((error) => warnWatch('move what was kept to the first account', error))
    .finally(() => {
      running = undefined;
    });
  return running;
}

async function upgrade(queue: () => Queue): Promise<void> {
  const from = await moveToAccounts();
  if (from === null) return;
  const to = FIRST_ACCOUNT_ID;
  await Promise.all([
    moveCache(from, to, isAccountId),
    moveWatch(from, to),
    moveHistory(from, to),
    moveAnalyses(from, to),
    queue().adoptAccount(from, to),
    // Kept by service and key: asked again for the account when next needed.
    plansItem.removeValue(),
    // A list page kept for a faster start: it is read again.
    forgetLastPage(),
  ]);
  await upgradeDone();
}
