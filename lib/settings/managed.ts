// The administrator's policy (storage.managed), and the last one read kept in storage.local.
// Chromium answers storage.managed only once its policy service is ready: for seconds after the
// browser starts (2.7–2.9 s measured here, at each launch), while everything the background does
// waits on the settings. So a read waits a moment for the policy, then goes on with the one kept
// (none at a first run); when the policy answers and differs, it is kept in its place, and that
// change reloads the settings like any other (isSettingsChange).
import { type Browser, browser } from 'wxt/browser';
import type { Account } from '../account/accounts';
import { defineStorageItem } from '../storage-item';
import { checkFields } from './fields';
import { presetAccounts } from './presets';
import { CONNECTION_KEYS, MANAGEABLE_KEYS, type Settings, StoredObject } from './schema';

export interface Managed {
  /** The administrator's valid settings, the connection of a preset left out. */
  values: Partial<Settings>;
  presets: Account[];
}

/** How long a read waits for storage.managed before it takes the policy last read. */
export const MANAGED_WAIT_MS = 250;

export const MANAGED_KEPT = 'managedPolicy';
/** The policy as storage.managed last gave it (an object; presets' keys included, as accounts'). */
export const managedKeptItem = defineStorageItem<Record<string, unknown> | null>(
  `local:${MANAGED_KEPT}`,
  null,
);

/** The policy in effect: storage.managed's, or the one last read when it is slow to answer. */
export async function readManaged(): Promise<Managed> {
  const live = readPolicy();
  const [kept, first] = await Promise.all([
    managedKeptItem.getValue().catch(() => null),
    within(live, MANAGED_WAIT_MS),
  ]);
  // What answers is kept when it differs from what was kept (or from none): a policy changed
  // while the browser runs is the one the next start begins with. The change reloads the
  // settings where they are in use.
  if (first === undefined) void live.then(keep);
  else if (kept === null || canonical(first) !== canonical(kept)) void keep(first);
  return managedOf(first ?? kept ?? {});
}

/** One keep at a time, each comparing with what is kept then: reads at once write once. */
let keeping: Promise<void> = Promise.resolve();

function keep(policy: Record<string, unknown>): Promise<void> {
  keeping = keeping
    .then(async () => {
      const kept = await managedKeptItem.getValue();
      if (kept === null || canonical(policy) !== canonical(kept)) {
        await managedKeptItem.setValue(policy);
      }
    })
    // A failed read or write leaves the one before: a later read asks storage.managed again.
    .catch(() => undefined);
  return keeping;
}

/** Whether a storage change put another policy in the kept one's place (none counts as {}). */
export function replacedKeptPolicy(change: Browser.storage.StorageChange | undefined) {
  return (
    change !== undefined && canonical(change.oldValue ?? {}) !== canonical(change.newValue ?? {})
  );
}

/** storage.managed's policy; {} where it has none or fails (Firefox throws without one). */
async function readPolicy(): Promise<Record<string, unknown>> {
  try {
    const parsed = StoredObject.safeParse(await browser.storage?.managed?.get());
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function managedOf(policy: Record<string, unknown>): Managed {
  const { values } = checkFields(policy, { keys: MANAGEABLE_KEYS });
  const presets = presetAccounts(policy.accounts, values);
  for (const key of CONNECTION_KEYS) delete values[key];
  return { values, presets };
}

/** JSON with each object's keys in order: the same policy read from two places is the same. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, field) =>
    field && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );
}

/** What `promise` gives within `ms`, else undefined. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
