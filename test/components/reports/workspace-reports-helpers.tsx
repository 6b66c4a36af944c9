// Shared fakes for the Reports tab's component tests: the tab rendered on its own with the
// popup's fake Sender, a fake of the background's queue (enqueueJob stores a job in the fake
// browser's storage, the way the real queue does, and the test moves its items along), and
// the workspace's address reset between tests.
import { render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ReportsTab } from '../../../components/reports/ReportsTab';
import type { ReportListOptions } from '../../../components/reports/useReportList';
import type { ReportSummary } from '../../../lib/api/model';
import type { Job, JobItem } from '../../../lib/jobs/schema';
import type { RequestOf } from '../../../lib/messaging/protocol';
import { listPage, report } from '../../support/fixtures';
import { fakeSend, type Handlers, ok } from '../popup-helpers';

beforeEach(() => {
  history.replaceState(null, '', '/sidepanel.html#tab=reports');
});
afterEach(() => {
  history.replaceState(null, '', '/');
});

/** A report as the pages receive it (without `results`). */
export function summary(overrides: Partial<ReportSummary> = {}): ReportSummary {
  const { results: _, ...rest } = report(overrides);
  return rest;
}

/** `count` reports with ids 1…count on https://site.example/page-<id>. */
export function reports(count: number): ReportSummary[] {
  return Array.from({ length: count }, (_, index) =>
    summary({
      id: index + 1,
      url: `https://site.example/page-${index + 1}`,
      rating: (['good', 'decent', 'bad'] as const)[index % 3],
      project: 'site.example',
    }),
  );
}

/** The background's queue, faked at its storage: jobs as `storage.local.jobs` holds them. */
export function fakeQueue() {
  const jobs: Job[] = [];
  let next = 0;
  const store = () => fakeBrowser.storage.local.set({ jobs: { version: 1, jobs } });
  const requests: RequestOf<'enqueueJob'>[] = [];
  /** Export pages' reports, by job. */
  const exports = new Map<string, ReportSummary[]>();

  function find(id: string): Job {
    const job = jobs.find((candidate) => candidate.id === id);
    if (!job) throw new Error(`no job ${id}`);
    return job;
  }

  return {
    requests,
    jobs,
    handlers: {
      async enqueueJob(request) {
        requests.push(request);
        const id = `job-${++next}`;
        jobs.push({
          id,
          kind: request.kind,
          state: 'waiting',
          createdAt: Date.now(),
          items: request.items.map((op) => ({ op, state: 'waiting' }) as JobItem),
        });
        await store();
        return ok({ id });
      },
      async cancelJob({ id }) {
        const job = find(id);
        job.state = 'cancelled';
        for (const item of job.items) if (item.state === 'waiting') item.state = 'cancelled';
        await store();
        return ok({ id });
      },
      async retryFailed({ id }) {
        const job = find(id);
        job.state = 'running';
        for (const item of job.items) if (item.state === 'failed') item.state = 'waiting';
        await store();
        return ok({ id });
      },
      async takeExport({ id }) {
        return ok(exports.get(id) ?? []);
      },
    } satisfies Handlers,
    /** Changes job `id` (its items, state…) and stores it, as the queue does after an answer. */
    async update(id: string, change: (job: Job) => void) {
      change(find(id));
      await store();
    },
    /** Finishes job `id`: every item done unless `states` says else (by index). */
    async finish(id: string, states: Record<number, JobItem['state']> = {}, extra?: Partial<Job>) {
      const job = find(id);
      job.items.forEach((item, index) => {
        item.state = states[index] ?? 'done';
        if (item.state === 'failed') {
          item.error = { kind: 'server', reason: 'server', status: 500, message: '' };
        }
      });
      job.state = job.items.some((item) => item.state === 'failed') ? 'failed' : 'done';
      job.finishedAt = Date.now();
      Object.assign(job, extra);
      await store();
    },
    /** What takeExport answers for job `id`. */
    setExport(id: string, reports: ReportSummary[]) {
      exports.set(id, reports);
    },
  };
}

export interface RenderReportsOptions {
  handlers?: Handlers;
  /** The address's hash (after `#`). */
  hash?: string;
  siteUrl?: string | null;
  /** The page the service answers; 3 reports unless given. */
  page?: ReturnType<typeof listPage<ReportSummary>>;
  /** The account in use (the status's `account`), which each kept list is marked with. */
  account?: string | null;
  /** Hands out the list as last shown (ReportsTab's `lastShown`). */
  lastShown?: ReportListOptions['lastShown'];
  /** Hands out the first page asked for as the workspace opened (ReportsTab's `firstAnswer`). */
  firstAnswer?: ReportListOptions['firstAnswer'];
}

export function renderReports(options: RenderReportsOptions = {}) {
  if (options.hash !== undefined) history.replaceState(null, '', `/sidepanel.html#${options.hash}`);
  const queue = fakeQueue();
  const send = fakeSend({
    listReports: () => ok(options.page ?? listPage(reports(3))),
    listProjects: () => ok(listPage([])),
    deleteReport: ({ id }) => ok({ id }),
    ...queue.handlers,
    ...options.handlers,
  });
  const download = vi.fn();
  const openTab = vi.fn();
  const onChanged = vi.fn();
  const view = render(
    <ReportsTab
      send={send}
      openTab={openTab}
      siteUrl={options.siteUrl === undefined ? 'https://reports.example.com' : options.siteUrl}
      searchDelay={0}
      download={download}
      onChanged={onChanged}
      account={options.account}
      lastShown={options.lastShown}
      firstAnswer={options.firstAnswer}
    />,
  );
  return { ...view, send, queue, download, openTab, onChanged };
}

/** The table, once its rows are in. */
export async function findTable() {
  const table = await screen.findByRole('table', { name: 'Reports' });
  await within(table).findAllByRole('checkbox', { name: /^Select https?:/ });
  return table;
}

/** The row check boxes, in order. */
export function rowBoxes(): HTMLInputElement[] {
  return screen.getAllByRole('checkbox', { name: /^Select (?!all)/ }) as HTMLInputElement[];
}

export function selectAllBox(): HTMLInputElement {
  return screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
}

/** Which rows are checked, as 1-based positions. */
export function checkedRows(): number[] {
  return rowBoxes().flatMap((box, index) => (box.checked ? [index + 1] : []));
}
