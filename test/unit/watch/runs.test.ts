// Watched pages' runs, wired as the background wires them (main() against the fake browser), on
// the local service: the alarm of a due slot starts one job, the same slot again none, a page
// made worse gets exactly one notification (none with the option off), its click opens the
// workspace on that page's history, and a page gone leaves the watch list.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '../../../entrypoints/background';
import { createHandlerDeps, type HandlerDeps } from '../../../lib/background/deps';
import { handlers } from '../../../lib/background/handlers';
import { backgroundQueue, setBackgroundQueue } from '../../../lib/background/queue';
import { isFinished, type Job } from '../../../lib/jobs/schema';
import { watchRunSummary } from '../../../lib/jobs/words';
import { saveSettings } from '../../../lib/settings';
import { type WatchRead, watchReads } from '../../../lib/watch/overview';
import { runDueSlot, runNow, WATCH_ALARM } from '../../../lib/watch/runs';
import { nextSlot } from '../../../lib/watch/schedule';
import { readWatch, watchItem } from '../../../lib/watch/store';
import type { RunningService } from '../../../server/service';
import { api, KEY, start } from '../../server/helpers';
import { stubMissingEvents } from '../../support/missing-events';

const DAY = 86_400_000;
let svc: RunningService;
let deps: HandlerDeps;

beforeEach(async () => {
  setBackgroundQueue(undefined);
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  stubMissingEvents();
  svc = await start({ serveSamples: true, missingReport: 404 });
  await saveSettings({ serviceUrl: svc.baseUrl, apiKey: KEY });
  deps = createHandlerDeps();
  background.main();
});
afterEach(() => setBackgroundQueue(undefined));

/** Reports for three watched sample pages, watched. */
async function watchThree() {
  const urls = ['a', 'b', 'c'].map((name) => `${svc.url}/samples/watch/${name}`);
  const reports = [];
  for (const url of urls) {
    reports.push(
      await handlers.createReport({ type: 'createReport', input: { url, privacy: 0 } }, deps),
    );
  }
  await handlers.watchReports(
    { type: 'watchReports', reports: reports.map(({ id, url }) => ({ id, url })) },
    deps,
  );
  return reports;
}

/** As if watching had begun eight days ago: a weekly slot has come since. */
async function slotCame() {
  const stored = await watchItem.getValue();
  const watch = stored?.services.a1 as { lastSlot: number };
  watch.lastSlot -= 8 * DAY;
  await watchItem.setValue(stored);
}

/** What the Watched tab reads (it reads the watch list and the history itself). */
async function read<T>(reading: Promise<WatchRead<T>>): Promise<T> {
  const answer = await reading;
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data;
}

const fireAlarm = () =>
  fakeBrowser.alarms.onAlarm.trigger({ name: WATCH_ALARM, scheduledTime: Date.now() });

const runs = async () => (await backgroundQueue().jobs()).filter((job) => job.watchRun);

/** The run, once finished and each item done has its change. */
async function finishedRun(): Promise<Job> {
  let run: Job | undefined;
  await vi.waitFor(
    async () => {
      [run] = await runs();
      expect(run && isFinished(run)).toBe(true);
      const done = run?.items.filter((item) => item.state === 'done') ?? [];
      expect(done.every((item) => item.direction !== undefined)).toBe(true);
    },
    { timeout: 20_000, interval: 50 },
  );
  return run as Job;
}

describe('a scheduled run', () => {
  it('sets the alarm for the next slot when a page is watched', async () => {
    const before = Date.now();
    await watchThree();
    const alarm = await fakeBrowser.alarms.get(WATCH_ALARM);
    const next = nextSlot({ every: 'weekly', day: 1, hour: 6 }, before);
    expect(Math.abs((alarm?.scheduledTime ?? 0) - next)).toBeLessThan(DAY);
    expect(alarm?.scheduledTime).toBeGreaterThan(before);
  });

  it('the alarm of a due slot starts one job of re-analyses; the same slot again starts none', async () => {
    const reports = await watchThree();
    await slotCame();
    svc.resetRequests();
    await fireAlarm();
    await fireAlarm();
    await vi.waitFor(async () => expect(await runs()).toHaveLength(1));
    const run = await finishedRun();
    expect(run.items.map((item) => item.op)).toEqual(
      reports.map(({ id }) => ({ type: 'update', id, results: true })),
    );
    await fireAlarm();
    expect(await runDueSlot(deps)).toEqual([]);
    expect(await runs()).toHaveLength(1);
    // Re-analyses only: nothing was created.
    const sent = svc.apiRequests().map(({ method }) => method);
    expect(sent.filter((method) => method === 'POST')).toEqual([]);
    expect(sent.filter((method) => method === 'PUT')).toHaveLength(3);
  });

  it('watching again after a time of watching nothing starts no run for the slots between', async () => {
    const reports = await watchThree();
    const ids = reports.map(({ id }) => id);
    await handlers.unwatchReports({ type: 'unwatchReports', ids }, deps);
    await slotCame();
    await handlers.watchReports(
      { type: 'watchReports', reports: reports.map(({ id, url }) => ({ id, url })) },
      deps,
    );
    // What the alarm calls: it answers the job it queued, if any.
    expect(await runDueSlot(deps)).toEqual([]);
    expect(await runs()).toEqual([]);
  });

  it('a page made worse: exactly one notification, its history and the run summary', async () => {
    const [, worse] = await watchThree();
    svc.setPageOutcome('/samples/watch/b', 'bad');
    await slotCame();
    await fireAlarm();
    const run = await finishedRun();
    expect(watchRunSummary(run)).toBe('3 re-analyzed: 1 worse, 0 better, 2 unchanged');
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([`watched:${worse?.id}`]);
    const history = await read(watchReads.history('a1', worse?.id ?? 0));
    expect(history.records.map((record) => record.result)).toEqual(['good', 'bad']);
    const overview = await read(watchReads.overview('a1'));
    const page = overview.pages.find((candidate) => candidate.reportId === worse?.id);
    expect(page?.change?.direction).toBe('worse');
    expect(page?.change?.nowFailing.map((check) => check.key)).toContain('title');
    expect(page?.scores).toEqual([90, 25]);

    // Its click opens the workspace on that page's history.
    await fakeBrowser.notifications.onClicked.trigger(`watched:${worse?.id}`);
    const tabs = await fakeBrowser.tabs.query({});
    expect(tabs.map((tab) => tab.url)).toContain(
      `chrome-extension://${fakeBrowser.runtime.id}/sidepanel.html#tab=watched&history=${worse?.id}`,
    );
  });

  it('with "Notify when a watched page gets worse" off: no notification, the summary all the same', async () => {
    await watchThree();
    await saveSettings({ notifyWorse: false });
    svc.setPageOutcome('/samples/watch/a', 'decent');
    await slotCame();
    await fireAlarm();
    const run = await finishedRun();
    expect(watchRunSummary(run)).toBe('3 re-analyzed: 1 worse, 0 better, 2 unchanged');
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
  });

  it('a slot missed while the browser was closed runs once at its start', async () => {
    await watchThree();
    await slotCame();
    await fakeBrowser.runtime.onStartup.trigger();
    await fakeBrowser.runtime.onStartup.trigger();
    await finishedRun();
    expect(await runs()).toHaveLength(1);
  });

  it('a page gone (404) leaves the watch list and its history', async () => {
    const [gone] = await watchThree();
    await api(svc, 'DELETE', `/reports/${gone?.id}`);
    await slotCame();
    await fireAlarm();
    const run = await finishedRun();
    expect(run.items.map((item) => item.state)).toEqual(['failed', 'done', 'done']);
    await vi.waitFor(async () =>
      expect((await readWatch('a1')).reports.map(({ id }) => id)).not.toContain(gone?.id),
    );
    const history = await read(watchReads.history('a1', gone?.id ?? 0));
    expect(history.records).toEqual([]);
  });
});

describe('Run now', () => {
  it('refuses when nothing is watched', async () => {
    await expect(handlers.runWatchNow({ type: 'runWatchNow' }, deps)).rejects.toMatchObject({
      data: { reason: 'nothingWatched' },
    });
  });

  it('starts a run at any time, and refuses a second while it is going', async () => {
    await watchThree();
    const { id } = await handlers.runWatchNow({ type: 'runWatchNow' }, deps);
    const second = handlers.runWatchNow({ type: 'runWatchNow' }, deps);
    await expect(second).rejects.toMatchObject({ data: { reason: 'runGoing' } });
    const run = await finishedRun();
    expect(run.id).toBe(id);
    expect(run.watchRun).toEqual({});
  });
});

describe('a run and the saved service', () => {
  it('is not sent when the account has no client any more (removed meanwhile)', async () => {
    await watchThree();
    svc.resetRequests();
    const switched: HandlerDeps = {
      ...deps,
      clients: { ...deps.clients, forAccount: async () => null },
    };
    await expect(runNow(switched)).rejects.toMatchObject({ name: 'NotConnectedError' });
    expect(await runs()).toEqual([]);
    expect(svc.apiRequests()).toEqual([]);
  });
});

describe('watching a project, and what leaves the watch', () => {
  it("covers the project's reports, those created later too, at the next run", async () => {
    const first = await handlers.createReport(
      { type: 'createReport', input: { url: `${svc.url}/samples/watch/a`, privacy: 0 } },
      deps,
    );
    const project = first.project ?? '';
    await handlers.watchProject({ type: 'watchProject', name: project }, deps);
    const later = await handlers.createReport(
      { type: 'createReport', input: { url: `${svc.url}/samples/watch/b`, privacy: 0 } },
      deps,
    );
    const watched = await read(watchReads.overview('a1'));
    expect(watched.projects).toEqual([project]);
    expect(watched.pages.map((page) => [page.reportId, page.project])).toEqual([
      [first.id, project],
    ]);
    await handlers.runWatchNow({ type: 'runWatchNow' }, deps);
    const run = await finishedRun();
    expect(run.items.map((item) => item.op.type === 'update' && item.op.id).sort()).toEqual(
      [first.id, later.id].sort(),
    );
  });

  it("a project's report stopped on its own stays out of the watch and its runs", async () => {
    const first = await handlers.createReport(
      { type: 'createReport', input: { url: `${svc.url}/samples/watch/a`, privacy: 0 } },
      deps,
    );
    const second = await handlers.createReport(
      { type: 'createReport', input: { url: `${svc.url}/samples/watch/b`, privacy: 0 } },
      deps,
    );
    await handlers.watchProject({ type: 'watchProject', name: first.project ?? '' }, deps);
    await handlers.unwatchReports({ type: 'unwatchReports', ids: [first.id] }, deps);
    const watched = await read(watchReads.overview('a1'));
    expect(watched.pages.map((page) => page.reportId)).toEqual([second.id]);
    await handlers.runWatchNow({ type: 'runWatchNow' }, deps);
    const run = await finishedRun();
    expect(run.items.map((item) => item.op.type === 'update' && item.op.id)).toEqual([second.id]);
    await handlers.watchReports(
      { type: 'watchReports', reports: [{ id: first.id, url: first.url }] },
      deps,
    );
    const again = await read(watchReads.overview('a1'));
    expect(again.pages.map((page) => page.reportId).sort()).toEqual([first.id, second.id].sort());
  });

  it("This page's status says whether it is watched, and what changed", async () => {
    const [report] = await watchThree();
    svc.setPageOutcome('/samples/watch/a', 'decent');
    await handlers.runWatchNow({ type: 'runWatchNow' }, deps);
    await finishedRun();
    const status = await handlers.getStatus({ type: 'getStatus', url: report?.url }, deps);
    expect(status.watch).toMatchObject({
      watching: true,
      change: {
        direction: 'worse',
        from: { result: 'good' },
        to: { result: 'decent' },
        nowFailing: expect.arrayContaining([{ key: 'meta_description', importance: 'high' }]),
      },
    });
    await handlers.unwatchReports({ type: 'unwatchReports', ids: [report?.id ?? 0] }, deps);
    const after = await handlers.getStatus({ type: 'getStatus', url: report?.url }, deps);
    expect(after.watch?.watching).toBe(false);
  });

  it('a deleted report leaves the watch list and takes its history along', async () => {
    const [report, other] = await watchThree();
    await handlers.deleteReport({ type: 'deleteReport', id: report?.id ?? 0 }, deps);
    const watched = await read(watchReads.overview('a1'));
    expect(watched.pages.map((page) => page.reportId)).not.toContain(report?.id);
    const gone = await read(watchReads.history('a1', report?.id ?? 0));
    expect(gone.records).toEqual([]);
    const kept = await read(watchReads.history('a1', other?.id ?? 0));
    expect(kept.records).toHaveLength(1);
  });

  it('a deleted project leaves the watch list with its reports and their histories', async () => {
    const [report] = await watchThree();
    const project = report?.project ?? '';
    await handlers.watchProject({ type: 'watchProject', name: project }, deps);
    await handlers.deleteProject({ type: 'deleteProject', name: project }, deps);
    const watched = await read(watchReads.overview('a1'));
    expect(watched).toMatchObject({ projects: [], pages: [], nextRunAt: null });
    expect(await read(watchReads.histories(svc.baseUrl))).toEqual([]);
    // The alarm left set finds nothing to run when it rings, and is cleared.
    await fireAlarm();
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get(WATCH_ALARM)).toBeUndefined());
    expect(await runs()).toEqual([]);
  });

  it('a new schedule starts from now: no slot already past runs at once', async () => {
    await watchThree();
    await slotCame();
    const { nextRunAt } = await handlers.setSchedule(
      { type: 'setSchedule', schedule: { every: 'daily', day: 1, hour: 0 } },
      deps,
    );
    expect(nextRunAt).toBeGreaterThan(Date.now());
    await fireAlarm();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await runs()).toEqual([]);
  });
});
