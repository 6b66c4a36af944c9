// Watching pages: a run of re-analyses of watched pages under the second service's limit, and
// reading one report's records of history in the extension.
import type { RunningService } from '../server/service';
import { type Lab, median, message } from './lab';
import { limitedJob } from './requests';

/** `pages` reports of watched sample pages, watched, and one run of them ("Run now"). */
export const watchRun = (lab: Lab, home: RunningService, pages: number) =>
  limitedJob(lab, home, pages, /^PUT /, 200, async (service) => {
    const urls = Array.from({ length: pages }, (_, n) => `${service.url}/samples/watch/p${n}`);
    const ids = await service.seed(urls.map((url) => ({ url, result: 'good' as const })));
    const reports = ids.map((id, index) => ({ id, url: urls[index] }));
    const watched = await message<{ ok: boolean }>(lab, { type: 'watchReports', reports });
    if (!watched.ok) throw new Error(`Not watched: ${JSON.stringify(watched)}`);
    return { type: 'runWatchNow' };
  });

/**
 * Reading one report's `records` in an extension page, median of `runs`: the history's own query
 * (IndexedDB, as lib/watch/history.ts reads it for the Watched tab).
 */
export async function historyRead(lab: Lab, home: RunningService, records: number, runs: number) {
  const read = await lab.control.evaluate(
    // No named functions inside: the page gets this function's text without the bundler's helpers.
    async ({ service, id, count, runs: times }) => {
      const opening = indexedDB.open('site-report-history', 1);
      // Made as lib/watch/history.ts makes it, when nothing opened it yet.
      opening.onupgradeneeded = () => {
        const store = opening.result.createObjectStore('records', { autoIncrement: true });
        store.createIndex('report', ['service', 'reportId', 'at']);
        store.createIndex('at', 'at');
        store.createIndex('service', 'service');
      };
      const db = await new Promise<IDBDatabase>((done, fail) => {
        opening.onsuccess = () => done(opening.result);
        opening.onerror = () => fail(opening.error);
      });
      const tx = db.transaction('records', 'readwrite');
      for (let n = 0; n < count; n++) {
        tx.objectStore('records').add({
          service,
          reportId: id,
          url: 'https://example.com/',
          at: 1_800_000_000_000 + n * 86_400_000,
          result: 'good',
          score: 80 + (n % 20),
          failed: [{ key: 'title', importance: 'high' }],
        });
      }
      await new Promise((done) => {
        tx.oncomplete = done;
      });
      const range = IDBKeyRange.bound([service, id, -Infinity], [service, id, Infinity]);
      const read: number[] = [];
      for (let run = 0; run < times; run++) {
        const start = performance.now();
        const index = db.transaction('records').objectStore('records').index('report');
        const getting = index.getAll(range);
        const found = await new Promise<unknown[]>((done, fail) => {
          getting.onsuccess = () => done(getting.result);
          getting.onerror = () => fail(getting.error);
        });
        read.push(performance.now() - start);
        if (found.length !== count) throw new Error(`${found.length} records read`);
      }
      db.close();
      return read;
    },
    { service: home.baseUrl, id: 999_999, count: records, runs },
  );
  return median(read);
}
