// Sample watch data as the Watched tab reads it (lib/watch/model.ts, lib/watch/overview.ts).
import { vi } from 'vitest';
import type { Change, WatchedPage, WatchOverview } from '../../../lib/watch/model';
import type { WatchReads } from '../../../lib/watch/overview';
import { ok } from '../popup-helpers';

export const HOUR = 3_600_000;

export function worse(): Change {
  return {
    from: { at: Date.now() - 25 * HOUR, result: 'good', score: 85, failed: [] },
    to: {
      at: Date.now() - HOUR,
      result: 'bad',
      score: 40,
      failed: [
        { key: 'favicon', importance: 'low' },
        { key: 'title', importance: 'high' },
      ],
    },
    direction: 'worse',
    nowFailing: [
      { key: 'favicon', importance: 'low' },
      { key: 'title', importance: 'high' },
    ],
    fixed: ['meta_description'],
  };
}

export function watchedPage(overrides: Partial<WatchedPage> = {}): WatchedPage {
  return {
    reportId: 1,
    url: 'https://site.example/a',
    result: 'good',
    score: 85,
    lastAt: Date.now() - 3 * HOUR,
    scores: [40, 55, 85],
    change: null,
    ...overrides,
  };
}

export function overview(overrides: Partial<WatchOverview> = {}): WatchOverview {
  return {
    pages: [
      watchedPage(),
      watchedPage({
        reportId: 2,
        url: 'https://site.example/b',
        result: 'bad',
        score: 40,
        scores: [85, 40],
        change: worse(),
      }),
    ],
    projects: [],
    schedule: { every: 'weekly', day: 1, hour: 6 },
    nextRunAt: Date.now() + 49 * HOUR,
    lastRunAt: null,
    ...overrides,
  };
}

type Answers = {
  [K in keyof WatchReads]?: (
    ...args: Parameters<WatchReads[K]>
  ) => Awaited<ReturnType<WatchReads[K]>> | ReturnType<WatchReads[K]>;
};

/**
 * The Watched tab's reads answering from `answers` (the overview above unless given), each a mock
 * to see what was read; a read without an answer fails the test loudly.
 */
export function fakeReads(answers: Answers = {}) {
  const missing = (name: string) => () => {
    throw new Error(`unexpected read of ${name}`);
  };
  const { overview: readOverview = () => ok(overview()) } = answers;
  const { history = missing('history'), histories = missing('histories') } = answers;
  return {
    overview: vi.fn(async (service: string | null) => readOverview(service)),
    history: vi.fn(async (service: string | null, reportId: number) => history(service, reportId)),
    histories: vi.fn(async (service: string | null) => histories(service)),
  };
}
