// What the Watched tab reads itself (lib/watch/overview.ts): the saved service's watch list from
// storage and each page's history from IndexedDB, as the background keeps them; no service saved
// is the error the background would answer.
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Report } from '../../../lib/api/model';
import { watchReads } from '../../../lib/watch/overview';
import { recordAnalyses } from '../../../lib/watch/record';
import { emptyWatch, type ServiceWatch } from '../../../lib/watch/store';
import { report } from '../../support/fixtures';

const SERVICE = 'https://reports.example.com/api/v1';
const T0 = Date.parse('2026-11-20T09:00:00Z');
const HOUR = 3_600_000;

async function watch(changes: Partial<ServiceWatch>) {
  await fakeBrowser.storage.local.set({
    watch: { services: { [SERVICE]: { ...emptyWatch(), ...changes } } },
  });
}

const analysed = (id: number, hours: number, overrides: Partial<Report> = {}) =>
  report({
    id,
    url: `https://example.com/${id}`,
    generatedAt: new Date(T0 + hours * HOUR).toISOString(),
    ...overrides,
  });

describe('the Watched tab reads', () => {
  it('the watched pages with their latest analysis, scores and change, and the projects', async () => {
    await watch({
      reports: [{ id: 1, url: 'https://example.com/1' }],
      projects: ['example.com'],
      members: { 'example.com': [{ id: 2, url: 'https://example.com/2' }] },
    });
    await recordAnalyses([analysed(1, 0, { rating: 'good', score: 90 })], SERVICE);
    await recordAnalyses([analysed(1, 1, { rating: 'bad', score: 30 })], SERVICE);
    const answer = await watchReads.overview(SERVICE);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.data.projects).toEqual(['example.com']);
    expect(answer.data.nextRunAt).toBeGreaterThan(Date.now());
    const [watched, member] = [...answer.data.pages].sort((a, b) => a.reportId - b.reportId);
    expect(watched).toMatchObject({ reportId: 1, result: 'bad', score: 30, scores: [90, 30] });
    expect(watched?.change?.direction).toBe('worse');
    expect(member).toMatchObject({
      reportId: 2,
      project: 'example.com',
      result: null,
      lastAt: null,
      change: null,
    });
  });

  it("a page's history, its address from the watch list while none is kept", async () => {
    await watch({ reports: [{ id: 3, url: 'https://example.com/3' }] });
    expect(await watchReads.history(SERVICE, 3)).toEqual({
      ok: true,
      data: { reportId: 3, url: 'https://example.com/3', records: [] },
    });
    await recordAnalyses([analysed(3, 0)], SERVICE);
    const answer = await watchReads.histories(SERVICE);
    expect(answer.ok && answer.data.map((history) => history.reportId)).toEqual([3]);
  });

  it('nothing when no service is saved: the error the background would answer', async () => {
    for (const answer of [
      await watchReads.overview(null),
      await watchReads.history(null, 1),
      await watchReads.histories(null),
    ]) {
      expect(answer).toMatchObject({
        ok: false,
        error: { kind: 'not_connected', reason: 'notConnected' },
      });
    }
  });
});
