// An installed extension updates in place: what the version before storage items wrote, under
// its keys and in its shapes, is read by today's code.
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlerDeps } from '../../lib/background/deps';
import { handlers } from '../../lib/background/handlers';
import { createJobStore } from '../../lib/jobs/queue/store';
import { itemReport, jobsItem, parseStoredJobs } from '../../lib/jobs/schema';
import { getCachedRating } from '../../lib/rating/cache';
import { readLastPage } from '../../lib/reports/last-page';
import { createPopupStateStore } from '../../lib/reports/view-state';
import {
  loadSettings,
  parseSettingsSummary,
  saveSettings,
  syncSettingsSummary,
} from '../../lib/settings';

const SETTINGS = {
  version: 1,
  serviceUrl: 'https://reports.example.com/api/v1',
  apiKey: 'key-0123456789',
  defaultPrivacy: 1,
  showBadge: true,
  contextMenu: false,
  notify: true,
  siteUrl: '',
};
const SUMMARY = {
  version: 1,
  connected: true,
  serviceUrl: 'https://reports.example.com/api/v1',
  siteUrl: 'https://reports.example.com',
  defaultPrivacy: 1,
  showBadge: true,
  contextMenu: false,
  notify: true,
};
/** What today's summary adds: the account the settings are (the first, named after the host). */
const ACCOUNT = { account: 'a1', accounts: [{ id: 'a1', name: 'reports.example.com' }] };
const ENTRY = {
  reportId: 7,
  rating: 'decent',
  score: 61,
  generatedAt: '2026-11-20T09:15:02.000Z',
  privacy: 0,
  seenAt: 1_800_000_000_000,
  project: 'example.com',
};
const JOB = {
  id: 'job-1',
  kind: 'create',
  state: 'paused',
  createdAt: 1_800_000_000_000,
  pause: { kind: 'unauthorized', message: 'The service rejected the API key.' },
  items: [
    {
      op: { type: 'create', url: 'https://example.com/a', privacy: 0 },
      state: 'waiting',
      tabId: 4,
    },
  ],
};
const LIST_KEY = JSON.stringify({ sortBy: 'id', sort: 'desc', perPage: 10, page: 1 });
const REPORT = {
  id: 7,
  url: 'https://example.com/pricing',
  project: 'example.com',
  rating: 'decent',
  score: 61,
  privacy: 0,
  hasPassword: false,
  generatedAt: '2026-11-20T09:15:02.000Z',
  createdAt: '2026-11-20T09:14:58.000Z',
  updatedAt: '2026-11-20T09:15:02.000Z',
};
const PAGE = { items: [REPORT], page: 1, perPage: 10, total: 1, lastPage: 1, hasNext: false };

async function storeTodaysValues() {
  await fakeBrowser.storage.local.set({
    settings: SETTINGS,
    settingsSummary: SUMMARY,
    ratingCache: { 'https://example.com/pricing': ENTRY },
    jobs: { version: 1, jobs: [JOB] },
    queuePacing: { limit: 60, remaining: 12, at: 1_800_000_000_000 },
    popupState: { reports: { search: 'blog', sortBy: 'url' }, projects: { sort: 'asc' } },
  });
  await fakeBrowser.storage.session.set({
    workspaceLastPage: { version: 1, key: LIST_KEY, service: SUMMARY.serviceUrl, data: PAGE },
  });
}

describe('values stored before storage items', () => {
  it('keep the settings, the API key included, and are written back in today’s layout: the connection as the first account', async () => {
    await storeTodaysValues();
    const { version: _, ...settings } = SETTINGS;
    // A setting added since ("Notify when a watched page gets worse") takes its default.
    expect((await loadSettings()).settings).toEqual({ ...settings, notifyWorse: true });
    await saveSettings({ notify: false });
    const stored = await fakeBrowser.storage.local.get([
      'settings',
      'settingsSummary',
      'accounts',
      'accountInUse',
    ]);
    const { serviceUrl, apiKey, siteUrl, ...prefs } = settings;
    expect(stored.settings).toEqual({ version: 2, ...prefs, notify: false, notifyWorse: true });
    expect(stored.accounts).toMatchObject({
      accounts: [{ id: 'a1', name: 'reports.example.com', serviceUrl, siteUrl, apiKey }],
      nextId: 2,
    });
    expect(stored.accountInUse).toBe('a1');
    expect(stored.settingsSummary).toEqual({ ...SUMMARY, ...ACCOUNT, version: 2, notify: false });
  });

  it('keep the settings summary the pages watch, written again in today’s layout by the background; the cached ratings, not knowing their service, are dropped', async () => {
    await storeTodaysValues();
    const { version: _, ...summary } = SUMMARY;
    const read = async () =>
      parseSettingsSummary(
        (await fakeBrowser.storage.local.get('settingsSummary')).settingsSummary,
      );
    // It does not name the account: it reads as none until the background writes it at its start.
    expect(await read()).toBeNull();
    await syncSettingsSummary();
    expect(await read()).toEqual({ ...summary, ...ACCOUNT });
    const url = 'https://example.com/pricing#top';
    await expect(
      handlers.getStatus({ type: 'getStatus', url }, createHandlerDeps()),
    ).resolves.toEqual({ ...summary, ...ACCOUNT, cached: null, queued: null, watch: null });
    await expect(getCachedRating('https://example.com/pricing', 'a1')).resolves.toBeNull();
  });

  it('keep the queued jobs and what the pacer knew, for the background and the pages', async () => {
    await storeTodaysValues();
    const state = await createJobStore().read();
    expect(state.jobs).toEqual([JOB]);
    // For no service in particular: the first one the queue sends to takes it (pacers.ts).
    expect(state.pacing).toEqual({
      services: [],
      unclaimed: { limit: 60, remaining: 12, at: 1_800_000_000_000 },
    });
    expect(parseStoredJobs(await jobsItem.getValue())).toEqual([JOB]);
  });

  it('keep a done create with the whole report the version before stored, read and written back as now', async () => {
    const op = { type: 'create', url: REPORT.url, privacy: 0 } as const;
    const done = {
      ...JOB,
      id: 'job-2',
      state: 'done',
      finishedAt: Date.now(),
      pause: undefined,
      items: [{ op, state: 'done', sentAt: 1_800_000_000_000, report: REPORT }],
    };
    await fakeBrowser.storage.local.set({ jobs: { version: 1, jobs: [JOB, done] } });
    // What the pages show of a create's report (its project and times are not).
    const { project: _project, createdAt: _created, updatedAt: _updated, ...shown } = REPORT;
    const [, read] = parseStoredJobs(await jobsItem.getValue());
    expect(read?.items[0] && itemReport(read.items[0])).toMatchObject(shown);
    const store = createJobStore();
    const [, kept] = (await store.read()).jobs;
    expect(kept?.items[0] && itemReport(kept.items[0])).toMatchObject(shown);
    // The next change writes it as the queue keeps it now: what the pages show, and no more.
    await store.update((state) => {
      state.jobs = state.jobs.filter((job) => job.id !== JOB.id);
    });
    const [written] = parseStoredJobs(await jobsItem.getValue());
    expect(written?.items[0]).toEqual({
      op,
      state: 'done',
      report: { id: 7, rating: 'decent', score: 61, generatedAt: REPORT.generatedAt },
    });
    expect(written?.items[0] && itemReport(written.items[0])).toMatchObject(shown);
  });

  it('keep the workspace’s kept list and the popup’s filters', async () => {
    await storeTodaysValues();
    await expect(readLastPage(LIST_KEY)).resolves.toEqual({
      key: LIST_KEY,
      service: SUMMARY.serviceUrl,
      data: PAGE,
    });
    const { reports, projects } = await createPopupStateStore().load();
    expect(reports).toMatchObject({ search: 'blog', sortBy: 'url', page: 1 });
    expect(projects).toMatchObject({ sort: 'asc', sortBy: 'created_at' });
  });
});
