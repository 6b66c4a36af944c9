// Who has a database file open, and when a lock on it is stale.
//
// The WebAssembly SQLite's file layer locks a database by creating the directory `<file>.lock`
// for each read or write and removes it right after. A process killed in between leaves it, and
// every later open of the file then waits for it in vain. The directory names no owner, so each
// store records its process in `<file>.services/` while it has the file open: a lock with no
// live process recorded there is a dead one's, or a passing reader's (another tool on the same
// file), which lets go within moments.
import { randomUUID } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/** A lock held this long with no live service recorded is no passing reader's. */
export const STALE_LOCK_MS = 1000;
/** How long a lock that keeps being taken is waited for before the open goes ahead. */
const MAX_WAIT_MS = 5000;
const POLL_MS = 50;

const userSchema = z.object({ host: z.string(), pid: z.number().int().positive() });
export type FileUser = z.infer<typeof userSchema>;

export interface FileClaim {
  /** The lock directory beside the file. */
  lock: string;
  /** The other live services recorded as using the file when it was claimed. */
  others: FileUser[];
  /** A lock no live process held was removed (its unfinished write is undone on open). */
  staleLockRemoved: boolean;
  /** Forgets this process as a user of the file. */
  release(): void;
}

export interface ClaimOptions {
  /** Whether a process of this host lives. Default: a signal 0 reaches it. */
  isAlive?: (pid: number) => boolean;
  /** Blocks for a while; the store opens synchronously. */
  sleep?: (ms: number) => void;
  now?: () => number;
}

/** Whether process `pid` runs on this machine. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The lock's creation time (nothing is ever written into it), or undefined when it is gone. */
function lockTime(lock: string): number | undefined {
  try {
    return statSync(lock).mtimeMs;
  } catch {
    return undefined;
  }
}

function ignoreMissing(action: () => void): void {
  try {
    action();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTEMPTY') throw error;
  }
}

/**
 * Records this process as a user of `file` and removes a stale lock: only when no other live
 * service is recorded (another host's cannot be checked, so it counts as live) and the lock has
 * been held for STALE_LOCK_MS. This process is recorded first, so two services starting at once
 * each see the other and neither removes a lock.
 */
export function claimDatabaseFile(file: string, options: ClaimOptions = {}): FileClaim {
  const isAlive = options.isAlive ?? processAlive;
  const sleep = options.sleep ?? sleepSync;
  const now = options.now ?? Date.now;
  const host = hostname();
  const users = `${file}.services`;
  const lock = `${file}.lock`;

  mkdirSync(users, { recursive: true });
  const own = join(users, `${process.pid}-${randomUUID()}.json`);
  writeFileSync(own, JSON.stringify({ host, pid: process.pid } satisfies FileUser));
  const release = () => {
    ignoreMissing(() => unlinkSync(own));
    ignoreMissing(() => rmdirSync(users));
  };

  try {
    const others: FileUser[] = [];
    for (const name of readdirSync(users)) {
      const entry = join(users, name);
      if (entry === own) continue;
      let user: FileUser;
      try {
        user = userSchema.parse(JSON.parse(readFileSync(entry, 'utf8')));
      } catch {
        // Being written by a service that is starting, or not one of these: counted as live.
        others.push({ host: '', pid: 0 });
        continue;
      }
      if (user.host === host && !isAlive(user.pid)) ignoreMissing(() => unlinkSync(entry));
      else others.push(user);
    }

    let staleLockRemoved = false;
    if (others.length === 0) {
      const started = now();
      for (;;) {
        const since = lockTime(lock);
        if (since === undefined) break;
        if (now() - since >= STALE_LOCK_MS) {
          ignoreMissing(() => rmdirSync(lock));
          staleLockRemoved = true;
          break;
        }
        // Held for a moment only: a reader that is about to let go, or a crash just now.
        if (now() - started >= MAX_WAIT_MS) break;
        sleep(POLL_MS);
      }
    }
    return { lock, others, staleLockRemoved, release };
  } catch (error) {
    release();
    throw error;
  }
}
