// Watching pages: a run of re-analyses of 500 watched pages under a limit of 60 API requests a
// minute (from the service's own log: the PUTs, the 429s, first request → last against the
// limit's floor), and reading one report's 100 records of history in the extension.
import { DEFAULT_RATE_WINDOW_MS, type RunningService, startService } from '../server/service';
import { connectTo, type Lab, median, message, sleep } from './lab';

export const WATCH_LIMIT = 60;

/** `pages` reports of watched sample pages, watched, and one run of them ("Run now"). */
export async function watchRun(lab: Lab, home: RunningService, pages: number) {
  const service = await startService({ port: 0, serveSamples: true, rateLimit: WATCH_LIMIT });
  try {
    const urls = Array.from(
      { length: pages },
      (_, index) => `${service.url}/samples/watch/p${index}`,
    );
    const ids = await service.seed(urls.map((url) => ({ url, result: 'good' as const })));
    await connectTo(lab, service);
    await sleep(1_000);
    const reports = ids.map((id, index) => ({ id, url: urls[index] }));
    const watched = await message<{ ok: boolean }>(lab, { type: 'watchReports', reports });
    if (!watched.ok) throw new Error(`Not watched: ${JSON.stringify(watched)}`);
    service.resetRequests();
    service.resetRateLimits();
    const answer = await message<{ ok: boolean; data?: { id: string } }>(lab, {
      type: 'runWatchNow',
    });
    const id = answer.data?.id;
    if (!answer.ok || !id) throw new Error(`No run: ${JSON.stringify(answer)}`);
    const deadline = Date.now() + 900_000;
    let state = '';
    while (!['done', 'failed', 'cancelled'].includes(state)) {
      if (Date.now() > deadline) throw new Error('The run did not finish in 15 minutes.');
      await sleep(500);
      state = await lab.control.evaluate(async (jobId) => {
        const { jobs } = await chrome.storage.local.get('jobs');
        const list = (jobs as { jobs?: { id: string; state: string }[] } | undefined)?.jobs;
        return list?.find((each) => each.id === jobId)?.state ?? '';
      }, id);
    }
    const entries = service.apiRequests();
    const times = entries.map((entry) => Date.parse(entry.time));
    const puts = entries.filter((entry) => entry.method === 'PUT');
    return {
      state,
      puts: puts.length,
      reanalysed: puts.filter((entry) => entry.status === 200).length,
      refused: entries.filter((entry) => entry.status === 429).length,
      totalMs: Math.max(...times) - Math.min(...times),
      floorMs: Math.ceil(pages / WATCH_LIMIT - 1) * DEFAULT_RATE_WINDOW_MS,
    };
  } finally {
    await connectTo(lab, home).catch(() => undefined);
    await service.close().catch(() => undefined);
  }
}

/**
 * Reading one report's 100 records in an extension page, median of `runs`: the history's own
 * query (IndexedDB, as lib/watch/history.ts reads it for the Watched tab).
 */
export async function historyRead(lab: Lab, home: RunningService, runs: number) {
  const reportId = 999_999;
  const read = await lab.control.evaluate(
    // No named functions inside: the page gets this function's text without the bundler's helpers.
    async ({ service, id, runs: count }) => {
      const opening = indexedDB.open('site-report-history', 1);
      // Made as lib/watch/history.ts makes it, when nothing opened it yet.
      opening.onupgradeneeded = () => {
        const records = opening.result.createObjectStore('records', { autoIncrement: true });
        records.createIndex('report', ['service', 'reportId', 'at']);
        records.createIndex('at', 'at');
        records.createIndex('service', 'service');
      };
      const db = await new Promise<IDBDatabase>((done, fail) => {
        opening.onsuccess = () => done(opening.result);
        opening.onerror = () => fail(opening.error);
      });
      const tx = db.transaction('records', 'readwrite');
      for (let n = 0; n < 100; n++) {
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
      for (let run = 0; run < count; run++) {
        const start = performance.now();
        const index = db.transaction('records').objectStore('records').index('report');
        const getting = index.getAll(range);
        const records = await new Promise<unknown[]>((done, fail) => {
          getting.onsuccess = () => done(getting.result);
          getting.onerror = () => fail(getting.error);
        });
        read.push(performance.now() - start);
        if (records.length !== 100) throw new Error(`${records.length} records read`);
      }
      db.close();
      return read;
    },
    { service: home.baseUrl, id: reportId, runs },
  );
  return { readMs: median(read) };
}
