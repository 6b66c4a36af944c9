// What big audits cost in Chromium's storage.local (10 MiB without unlimitedStorage), measured
// with chrome.storage.local.getBytesInUse: a finished 10,000-page audit as stored when it finished
// and once the queue's next change has pruned it (its reports dropped some minutes after it
// finished); and a 10,000-page audit running while another has just finished, as the version
// before stored them (each done item with the service's whole answer) and as the queue writes
// them now. Logged for the report, and bounded.
import type { Worker } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReportSummary } from '../../lib/api/model';
import type { Job, JobItem } from '../../lib/jobs/schema';
import { type LoadedExtension, launchExtension } from './extension';
import { type ExtensionSnapshot, snapshotExtension } from './list-fixtures';

const PAGES = 10_000;
const HOUR = 3_600_000;

let snapshot: ExtensionSnapshot | undefined;
let ext: LoadedExtension | undefined;

beforeAll(async () => {
  // A copy: `npm run zip` in the packages test may rebuild .output/chrome-mv3 meanwhile.
  snapshot = await snapshotExtension();
  ext = await launchExtension({ extensionDir: snapshot.dir });
});

afterAll(async () => {
  await ext?.close();
  await snapshot?.remove();
});

/** An item as the version before stored it: a done one kept the service's whole summary. */
type StoredItem = Omit<JobItem, 'report'> & { report?: ReportSummary };
type StoredJob = Omit<Job, 'items'> & { items: StoredItem[] };

/** A done create of the page `n`, with the service's report as the version before kept it. */
function doneCreate(n: number): StoredItem {
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

/**
 * Stores the jobs as storage.local's "jobs" and answers the bytes they take as stored. They go to
 * the worker as one JSON string: Playwright's own serialization of 20,000 items takes many seconds.
 * The bytes are counted under a key of the same length that the queue does not touch: a change of
 * the queue (the worker's start makes some) prunes "jobs" as soon as it is written.
 */
function storeJobs(worker: Worker, jobs: StoredJob[]): Promise<number> {
  return worker.evaluate(async (json) => {
    const value = { version: 1, jobs: JSON.parse(json) };
    // Room for both copies in a storage.local of 10 MiB.
    await chrome.storage.local.remove('jobs');
    await chrome.storage.local.set({ size: value });
    const bytes = await chrome.storage.local.getBytesInUse('size');
    await chrome.storage.local.remove('size');
    await chrome.storage.local.set({ jobs: value });
    return bytes;
  }, JSON.stringify(jobs));
}

function finishedJob(id: string, items: StoredItem[], finishedAt: number): StoredJob {
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
  const before = await storeJobs(worker, [big]);

  // Any change of the queue prunes what it stores: here, Cancel of the finished audit (which
  // changes nothing else), sent from a page. Changes the worker's start makes prune it the same.
  const page = await (ext as LoadedExtension).openTab('options.html');
  const answer = await page.evaluate(() =>
    chrome.runtime.sendMessage({ type: 'cancelJob', id: 'big' }),
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

it(`keeps a ${PAGES.toLocaleString()}-page audit running while another finishes well inside the quota`, async () => {
  const { worker } = ext as LoadedExtension;
  const now = Date.now();
  // Finished a minute ago: its done items still keep their reports (REPORTS_KEPT_MS).
  const finished = finishedJob(
    'finished',
    Array.from({ length: PAGES }, (_, n) => doneCreate(n)),
    now - 60_000,
  );
  // Near its end: all but its last page done.
  const running: StoredJob = {
    ...finishedJob(
      'running',
      Array.from({ length: PAGES }, (_, n) => doneCreate(PAGES + n)),
      now,
    ),
    state: 'running',
  };
  delete running.finishedAt;
  running.items[PAGES - 1] = {
    op: { type: 'create', url: 'https://www.example-shop.test/last', privacy: 0 },
    state: 'waiting',
  };
  const before = await storeJobs(worker, [finished, running]);
  // A change of the queue writes the jobs as it keeps them: Cancel of the finished audit changes
  // nothing of it, and the queue holds the running one (its service is no account's).
  const page = await (ext as LoadedExtension).openTab('options.html');
  const answer = await page.evaluate(() =>
    chrome.runtime.sendMessage({ type: 'cancelJob', id: 'finished' }),
  );
  expect(answer).toMatchObject({ ok: true });
  const after = await worker.evaluate(() => chrome.storage.local.getBytesInUse('jobs'));
  const kept = await worker.evaluate(async () => {
    const { jobs } = await chrome.storage.local.get('jobs');
    return (jobs as { jobs: Job[] }).jobs.map((job) => ({
      id: job.id,
      done: job.items.filter((item) => item.state === 'done').length,
      reports: job.items.filter((item) => item.report?.rating === 'decent').length,
    }));
  });
  console.info(
    `storage.local "jobs" with a ${PAGES}-page audit running and another just finished: ` +
      `${before} bytes as the version before stored them, ${after} bytes as the queue writes them`,
  );
  expect(kept).toEqual([
    { id: 'finished', done: PAGES, reports: PAGES },
    { id: 'running', done: PAGES - 1, reports: PAGES - 1 },
  ]);
  // Both together in under half the quota, beside the rating cache (1 MiB) and an export (5 MB).
  expect(after).toBeLessThan(4_500_000);
}, 300_000);
