// One command at a time that rebuilds .output in place (`npm run zip`, `npm run demo`): two at
// once empty and rewrite the same folders under each other, and the demo's browser loads its
// pages straight from .output/chrome-mv3. The end-to-end files run side by side, so the tests
// of those commands take this lock around them.
import { createHash } from 'node:crypto';
import { open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { processAlive } from '../../server/file-lock';

const ROOT = resolve(import.meta.dirname, '../..');
/** Per checkout: runs in other checkouts build into their own .output. */
const LOCK = join(
  tmpdir(),
  `site-report-output-${createHash('sha1').update(ROOT).digest('hex').slice(0, 12)}.lock`,
);

/** Takes the lock (created exclusively, holding our pid); one left by a process gone is taken over. */
async function take(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const file = await open(LOCK, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(await readFile(LOCK, 'utf8').catch(() => ''));
    // An empty file is one being written this moment: not stale.
    if (holder > 0 && !processAlive(holder)) await rm(LOCK, { force: true });
    else if (Date.now() > deadline) {
      throw new Error(`${LOCK} stayed taken (by process ${holder}) for ${timeoutMs} ms.`);
    } else await delay(200);
  }
}

/** Runs `work` while no other test of this checkout rebuilds .output. */
export async function withOutputLock<T>(work: () => Promise<T>, timeoutMs = 300_000): Promise<T> {
  await take(timeoutMs);
  try {
    return await work();
  } finally {
    await rm(LOCK, { force: true });
  }
}
