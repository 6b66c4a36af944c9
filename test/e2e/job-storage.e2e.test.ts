// What a finished 10,000-page audit costs in Chromium's storage.local (10 MB without
// unlimitedStorage), measured with chrome.storage.local.getBytesInUse: as the queue stores it
// when it finishes (each done item with its report), and once the queue's next change has pruned
// it (its reports dropped some minutes after it finished). Logged for the report, and bounded.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Job, JobItem } from '../../lib/jobs/schema';
import { type LoadedExtension, launchExtension } from './extension';

const PAGES = 10_000;
const HOUR = 3_600_000;

let ext: LoadedExtension | undefined;

beforeAll(async () => {
  ext = await launchExtension();
});

afterAll(async () => {
  await ext?.close();
});

/** A done create of the page `n`, with the service's report as the queue keeps it. */
function doneCreate(n: number): JobItem {
  const url = `https://www.example-shop.test/category/product-${n}-with-a-slug`;
  return {
    op: { type: 'create', url, privacy: 0 },
    state: 'done',
    sentAt: 1_764_000_000_000 + n * 1000,
    report: {
      id: 100_000 + n,
      url,
      project: 'example-shop.test',
      rating: 'decent',
      score: 64,
      privacy: 0,
      hasPassword: false,
      generatedAt: '2026-11-20T09:15:02.000Z',
      createdAt: '2026-11-20T09:15:00.000Z',
      updatedAt: '2026-11-20T09:15:02.000Z',
    },
  };
}

function finishedJob(id: string, items: JobItem[], finishedAt: number): Job {
  return {
    id,
    kind: 'audit',
    state: 'done',
    createdAt: finishedAt - HOUR,
    startedAt: finishedAt - HOUR,
    finishedAt,
    service: { url: 'http://127.0.0.1:1/api/v1', key: '0'.repeat(32) },
    items,
  };
}

it(`keeps a finished ${PAGES.toLocaleString()}-page audit small in storage.local`, async () => {
  const { worker } = ext as LoadedExtension;
  const now = Date.now();
  const big = finishedJob(
    'big',
    Array.from({ length: PAGES }, (_, n) => doneCreate(n)),
    now - HOUR,
  );
  const small = finishedJob('small', [doneCreate(-1)], now - HOUR / 2);
  const before = await worker.evaluate(
    async (jobs) => {
      await chrome.storage.local.set({ jobs: { version: 1, jobs } });
      return chrome.storage.local.getBytesInUse('jobs');
    },
    [big, small],
  );

  // Any change of the queue prunes what it stores: here, clearing the small job from a page.
  const page = await (ext as LoadedExtension).openTab('options.html');
  const answer = await page.evaluate(() =>
    chrome.runtime.sendMessage({ type: 'clearJob', id: 'small' }),
  );
  expect(answer).toMatchObject({ ok: true });
  const after = await worker.evaluate(() => chrome.storage.local.getBytesInUse('jobs'));
  const kept = await worker.evaluate(async () => {
    const { jobs } = await chrome.storage.local.get('jobs');
    return (jobs as { jobs: Job[] }).jobs.map((job) => ({
      id: job.id,
      items: job.items.length,
      reports: job.items.filter((item) => item.report).length,
    }));
  });
  console.info(
    `storage.local "jobs" with a finished ${PAGES}-page audit: ${before} bytes as finished, ${after} bytes once pruned`,
  );
  expect(kept).toEqual([{ id: 'big', items: PAGES, reports: 0 }]);
  expect(after).toBeLessThan(before / 2);
  expect(after).toBeLessThan(2_000_000);
});
