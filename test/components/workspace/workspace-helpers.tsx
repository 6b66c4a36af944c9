// Shared fakes for the workspace's component tests: the popup's fake Sender, whose getStatus
// answers with the settings summary in the fake browser's storage (as the background does), the
// rating cache there, a fake `tabs` with a window of pages, and the hash reset between tests.
import { render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App, type WorkspaceDeps } from '../../../entrypoints/sidepanel/App';
import type { Answer, StatusAnswer } from '../../../lib/messaging/protocol';
import { storedRatingCache } from '../../../lib/rating/cache';
import { readLastPage } from '../../../lib/reports/last-page';
import {
  parseSettingsSummary,
  readSettingsSummary,
  storedSettingsSummary,
  watchSettingsSummary,
} from '../../../lib/settings/summary';
import type { ActiveTab } from '../../../lib/this-page/active-tab';
import type { OwnPlace } from '../../../lib/this-page/front-tab';
import { type FakeTab, fakeTabs, OTHER_WINDOW, WINDOW } from '../../support/fake-tabs';
import { listPage, summary } from '../../support/fixtures';
import { fakeSend, type Handlers, ok, status } from '../popup-helpers';

beforeEach(() => {
  history.replaceState(null, '', '/sidepanel.html');
});
afterEach(() => {
  history.replaceState(null, '', '/');
});

export const PAGES: FakeTab[] = [
  { id: 1, windowId: WINDOW, url: 'https://known.example/', title: 'Known page' },
  { id: 2, windowId: WINDOW, url: 'https://new.example/a', title: 'New page' },
  { id: 3, windowId: WINDOW, url: 'http://untitled.example/' },
  { id: 4, windowId: WINDOW, url: 'chrome://settings/', title: 'Settings' },
  { id: 5, windowId: OTHER_WINDOW, url: 'https://elsewhere.example/', title: 'Elsewhere' },
];

export function cached(rating: 'good' | 'decent' | 'bad', reportId = 11) {
  return {
    reportId,
    rating,
    score: rating === 'good' ? 90 : rating === 'decent' ? 65 : 25,
    generatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    seenAt: Date.now(),
  };
}

/** The rating cache as the background keeps it: the known page is rated Good. */
export const CACHE = { 'https://known.example/': cached('good') };

/** The stored rating cache with `entries` for the account the summary names. */
export const cacheOf = (entries: Record<string, unknown>) =>
  storedRatingCache(status().account as string, entries);

export async function storeSummary(overrides: Partial<StatusAnswer> = {}) {
  const { cached: _, ...summary } = status(overrides);
  await fakeBrowser.storage.local.set({ settingsSummary: storedSettingsSummary(summary) });
}

/** getStatus as the background answers it: the stored summary (a connected one when none is). */
async function storedStatus(): Promise<Answer<'getStatus'>> {
  const { settingsSummary } = await fakeBrowser.storage.local.get('settingsSummary');
  const summary = parseSettingsSummary(settingsSummary);
  return ok(summary ? { ...summary, cached: null, queued: null } : status());
}

export interface WorkspaceOptions {
  handlers?: Handlers;
  tabs?: FakeTab[];
  /** The page in front when the workspace opens. */
  front?: ActiveTab | undefined;
  place?: OwnPlace;
  /** The rating cache's entries for the summary's service; CACHE unless given. */
  cache?: Record<string, unknown>;
  /** The settings summary; a connected one unless null (none stored). */
  summary?: Partial<StatusAnswer> | null;
  /** The Reports list asked for as the page opened (main.tsx's firstReportsList). */
  firstList?: WorkspaceDeps['firstList'];
  /** Reads the list as last shown; storage.session's (readLastPage) unless given. */
  readLastShown?: WorkspaceDeps['readLastShown'];
}

export async function renderWorkspace(options: WorkspaceOptions = {}) {
  if (options.summary !== null) await storeSummary(options.summary ?? {});
  await fakeBrowser.storage.local.set({ ratingCache: cacheOf(options.cache ?? CACHE) });
  const tabs = fakeTabs(options.tabs ?? PAGES);
  const send = fakeSend({
    getStatus: storedStatus,
    // A service that does not tell its plan, unless a test says otherwise.
    getPlan: () => ok(null),
    // This page reads why its report got its rating; these tests have nothing to explain.
    getReportDetails: ({ id }) => ok({ report: summary({ id }), explanation: null }),
    // The Reports tab, in the page's first load, asks for its first page: none unless told.
    listReports: () => ok(listPage([])),
    ...options.handlers,
  });
  const front = 'front' in options ? options.front : { id: 1, ...PAGES[0] };
  const deps = {
    send,
    watchStatus: (listener: () => void) => watchSettingsSummary(listener),
    getActiveTab: vi.fn(async () => front),
    readSummary: vi.fn(readSettingsSummary),
    tabs: tabs as unknown as WorkspaceDeps['tabs'],
    place: Promise.resolve(options.place ?? { windowId: WINDOW }),
    openTab: vi.fn(),
    openOptions: vi.fn(),
    searchDelay: 0,
    readLastShown: options.readLastShown ?? readLastPage,
    firstList: options.firstList,
  } satisfies WorkspaceDeps;
  const view = render(<App {...deps} />);
  return { ...view, ...deps, fakeTabs: tabs };
}

/** Renders the workspace and waits until its tabs are on screen. */
export async function renderShell(options: WorkspaceOptions = {}) {
  const rendered = await renderWorkspace(options);
  await screen.findByRole('tablist', { name: 'Workspace views' });
  return rendered;
}

/** Jobs as the background stores them (storage.local 'jobs'). */
export async function storeJobs(jobs: unknown[]) {
  await fakeBrowser.storage.local.set({ jobs: { version: 1, jobs } });
}

const MINUTE = 60_000;

/** A job of `count` items, `done` of them done and `failed` failed, the rest waiting. */
export function job(
  id: string,
  kind: string,
  state: string,
  {
    count = 3,
    done = 0,
    failed = 0,
    ...rest
  }: Record<string, unknown> & {
    count?: number;
    done?: number;
    failed?: number;
  } = {},
) {
  const op =
    kind === 'create'
      ? { type: 'create', url: 'https://a.example/', privacy: 0 }
      : { type: 'deleteReport', id: 1 };
  return {
    id,
    kind,
    state,
    createdAt: Date.now() - 10 * MINUTE,
    items: Array.from({ length: count }, (_, index) => ({
      op,
      state: index < done ? 'done' : index < done + failed ? 'failed' : 'waiting',
      ...(index >= done && index < done + failed
        ? { error: { kind: 'server', reason: 'server', status: 500, message: '' } }
        : {}),
    })),
    ...rest,
  };
}
