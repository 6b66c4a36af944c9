// The history of analyses in IndexedDB (fake-indexeddb): what is recorded, each analysis once,
// the bounds, removal, restarts, and writes that fail (fault injection) leaving nothing half done.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Report } from '../../../lib/api/model';
import {
  closeHistory,
  forgetProjectHistory,
  forgetReportHistory,
  forgetServiceHistory,
  MAX_RECORDS_PER_REPORT,
  readAllHistories,
  readHistory,
} from '../../../lib/watch/history';
import { recordAnalyses } from '../../../lib/watch/record';
import { changeWatch } from '../../../lib/watch/store';
import { report } from '../../support/fixtures';

const SERVICE = 'https://reports.example.com/api/v1';
const OTHER = 'http://localhost:8000/api/v1';
const T0 = Date.parse('2026-11-20T09:00:00Z');
const MINUTE = 60_000;

/** Report `id` as analysed at minute `n`. */
const analysed = (id: number, n: number, overrides: Partial<Report> = {}): Report =>
  report({
    id,
    url: `https://example.com/page-${id}`,
    generatedAt: new Date(T0 + n * MINUTE).toISOString(),
    results: {
      title: { passed: n % 2 === 0, importance: 'high', value: null, errors: {} },
      language: { passed: false, importance: 'medium', value: null, errors: {} },
    },
    ...overrides,
  });

const times = async (service: string, id: number) =>
  (await readHistory(service, id)).map((record) => (record.at - T0) / MINUTE);

describe('recording', () => {
  it('keeps the time, rating, score and failed checks of each analysis', async () => {
    expect(await recordAnalyses([analysed(1, 1)], SERVICE)).toBe(1);
    expect(await readHistory(SERVICE, 1)).toEqual([
      {
        service: SERVICE,
        reportId: 1,
        url: 'https://example.com/page-1',
        project: 'example.com',
        at: T0 + MINUTE,
        result: 'good',
        score: 87,
        failed: [
          { key: 'title', importance: 'high' },
          { key: 'language', importance: 'medium' },
        ],
      },
    ]);
  });

  it('records each generated_at once, whatever answers bring it again', async () => {
    await recordAnalyses([analysed(1, 1)], SERVICE);
    expect(await recordAnalyses([analysed(1, 1)], SERVICE)).toBe(0);
    await recordAnalyses([analysed(1, 1), analysed(1, 2)], SERVICE);
    expect(await times(SERVICE, 1)).toEqual([1, 2]);
  });

  it('takes two outcomes of one generated_at (a clock of whole seconds) as two analyses, in order', async () => {
    await recordAnalyses([analysed(1, 2)], SERVICE);
    expect(await recordAnalyses([analysed(1, 2, { rating: 'bad', score: 20 })], SERVICE)).toBe(1);
    expect(await recordAnalyses([analysed(1, 2, { rating: 'bad', score: 20 })], SERVICE)).toBe(0);
    const records = await readHistory(SERVICE, 1);
    expect(records.map((record) => record.result)).toEqual(['good', 'bad']);
  });

  it('keeps records in time order, also one recorded out of order', async () => {
    await recordAnalyses([analysed(1, 1), analysed(1, 5)], SERVICE);
    expect(await recordAnalyses([analysed(1, 3)], SERVICE)).toBe(1);
    expect(await times(SERVICE, 1)).toEqual([1, 3, 5]);
  });

  it('has no failed checks when the answer had no results, and takes them from a later read', async () => {
    await recordAnalyses([analysed(1, 1, { results: undefined })], SERVICE);
    expect((await readHistory(SERVICE, 1))[0]).not.toHaveProperty('failed');
    await recordAnalyses([analysed(1, 1)], SERVICE);
    expect((await readHistory(SERVICE, 1))[0]?.failed).toHaveLength(2);
  });

  it('records nothing for a report not analysed yet', async () => {
    expect(await recordAnalyses([analysed(1, 1, { generatedAt: null })], SERVICE)).toBe(0);
    expect(await readHistory(SERVICE, 1)).toEqual([]);
  });

  it('keeps each service apart', async () => {
    await recordAnalyses([analysed(1, 1)], SERVICE);
    await recordAnalyses([analysed(1, 2)], OTHER);
    expect(await times(SERVICE, 1)).toEqual([1]);
    expect(await times(OTHER, 1)).toEqual([2]);
  });

  it('survives a restart (the database opened again)', async () => {
    await recordAnalyses([analysed(1, 1), analysed(1, 2)], SERVICE);
    closeHistory();
    expect(await times(SERVICE, 1)).toEqual([1, 2]);
  });

  it('reads wait for the writes started before them', async () => {
    void recordAnalyses([analysed(1, 1)], SERVICE);
    void recordAnalyses([analysed(1, 2)], SERVICE);
    expect((await readHistory(SERVICE, 1)).map((record) => record.at)).toEqual([
      T0 + MINUTE,
      T0 + 2 * MINUTE,
    ]);
  });
});

describe('bounds', () => {
  it(`keeps the latest ${MAX_RECORDS_PER_REPORT} records of a report`, async () => {
    const many = Array.from({ length: MAX_RECORDS_PER_REPORT + 5 }, (_, n) => analysed(1, n));
    await recordAnalyses(many.slice(0, 60), SERVICE);
    await recordAnalyses(many.slice(60), SERVICE);
    const kept = await times(SERVICE, 1);
    expect(kept).toHaveLength(MAX_RECORDS_PER_REPORT);
    expect(kept[0]).toBe(5);
    expect(kept.at(-1)).toBe(MAX_RECORDS_PER_REPORT + 4);
  });

  it('drops an older analysis arriving at a full report at once', async () => {
    const bounds = { perReport: 3, total: 100 };
    await recordAnalyses([analysed(1, 5), analysed(1, 6), analysed(1, 7)], SERVICE, bounds);
    await recordAnalyses([analysed(1, 1)], SERVICE, bounds);
    expect(await times(SERVICE, 1)).toEqual([5, 6, 7]);
  });

  it('keeps the newest records in all, of any report or service, oldest dropped first', async () => {
    const bounds = { perReport: 100, total: 10 };
    await recordAnalyses(
      [1, 2, 3, 4].map((n) => analysed(1, n)),
      SERVICE,
      bounds,
    );
    await recordAnalyses(
      [5, 6, 7, 8].map((n) => analysed(2, n)),
      OTHER,
      bounds,
    );
    await recordAnalyses(
      [9, 10, 11, 12].map((n) => analysed(3, n)),
      SERVICE,
      bounds,
    );
    expect(await times(SERVICE, 1)).toEqual([3, 4]);
    expect(await times(OTHER, 2)).toEqual([5, 6, 7, 8]);
    expect(await times(SERVICE, 3)).toEqual([9, 10, 11, 12]);
  });
});

describe('bounds in all, watched pages kept longest', () => {
  const bounds = { perReport: 3, total: 6 };
  /** One answer: report `id`'s analyses at the minutes given. */
  const answer = (service: string, id: number, minutes: number[]) =>
    recordAnalyses(
      minutes.map((n) => analysed(id, n)),
      service,
      bounds,
    );

  /** Watches report `id` of `service` on its own, or as a member of project `shop`. */
  const watch = (service: string, id: number, asMember = false) =>
    changeWatch(service, (watch) => {
      const report = { id, url: `https://example.com/page-${id}` };
      if (!asMember) watch.reports.push(report);
      else {
        watch.projects = ['shop'];
        watch.members.shop = [...(watch.members.shop ?? []), report];
      }
    });

  it("drops unwatched pages' records first, even newer ones", async () => {
    await watch(SERVICE, 1);
    await answer(SERVICE, 1, [1, 2, 3]);
    await answer(SERVICE, 2, [4, 5, 6]);
    await answer(SERVICE, 3, [7, 8]);
    expect(await times(SERVICE, 1)).toEqual([1, 2, 3]);
    expect(await times(SERVICE, 2)).toEqual([6]);
    expect(await times(SERVICE, 3)).toEqual([7, 8]);
  });

  it("counts a watched project's reports as watched, per service", async () => {
    await watch(OTHER, 1, true);
    await answer(OTHER, 1, [1, 2]);
    await answer(SERVICE, 1, [3, 4]);
    await answer(OTHER, 2, [5, 6, 7]);
    await answer(OTHER, 3, [8]);
    expect(await times(OTHER, 1)).toEqual([1, 2]);
    expect(await times(SERVICE, 1)).toEqual([]);
    expect(await times(OTHER, 2)).toEqual([5, 6, 7]);
  });

  it("a page no longer watched has its records dropped as others' are", async () => {
    await watch(SERVICE, 1);
    await answer(SERVICE, 1, [1, 2, 3]);
    await changeWatch(SERVICE, (watch) => {
      watch.reports = [];
    });
    await answer(SERVICE, 2, [4, 5, 6]);
    await answer(SERVICE, 3, [7]);
    expect(await times(SERVICE, 1)).toEqual([2, 3]);
  });

  it('a full history makes room: a hundredth of its bound below it', async () => {
    const roomy = { perReport: 100, total: 200 };
    for (const id of [1, 2]) {
      await recordAnalyses(
        Array.from({ length: 100 }, (_, n) => analysed(id, 100 * id + n)),
        SERVICE,
        roomy,
      );
    }
    await recordAnalyses([analysed(3, 400)], SERVICE, roomy);
    const kept = await readAllHistories(SERVICE);
    expect(kept.map(({ records }) => records.length)).toEqual([97, 100, 1]);
  });

  it("drops watched pages' oldest records only when they alone are more than the bound", async () => {
    await watch(SERVICE, 1);
    await watch(SERVICE, 2);
    await watch(SERVICE, 3);
    await answer(SERVICE, 4, [9]);
    await answer(SERVICE, 1, [1, 4, 7]);
    await answer(SERVICE, 2, [2, 5, 8]);
    await answer(SERVICE, 3, [3, 6]);
    expect(await times(SERVICE, 4)).toEqual([]);
    expect(await times(SERVICE, 1)).toEqual([4, 7]);
    expect(await times(SERVICE, 2)).toEqual([5, 8]);
    expect(await times(SERVICE, 3)).toEqual([3, 6]);
  });
});

describe('removal', () => {
  it('forgets a deleted report, and only it', async () => {
    await recordAnalyses([analysed(1, 1), analysed(2, 2)], SERVICE);
    await recordAnalyses([analysed(1, 3)], OTHER);
    await forgetReportHistory(SERVICE, 1);
    expect(await times(SERVICE, 1)).toEqual([]);
    expect(await times(SERVICE, 2)).toEqual([2]);
    expect(await times(OTHER, 1)).toEqual([3]);
  });

  it('forgets a deleted project: reports recorded with it, or without one on its host', async () => {
    await recordAnalyses(
      [
        analysed(1, 1, { project: 'shop' }),
        analysed(2, 2, { project: undefined, url: 'https://shop/a' }),
        analysed(3, 3, { project: 'blog', url: 'https://shop/b' }),
      ],
      SERVICE,
    );
    await forgetProjectHistory(SERVICE, 'shop');
    expect(await times(SERVICE, 1)).toEqual([]);
    expect(await times(SERVICE, 2)).toEqual([]);
    expect(await times(SERVICE, 3)).toEqual([3]);
  });

  it("forgets a service's history, and no other's", async () => {
    await recordAnalyses([analysed(1, 1)], SERVICE);
    await recordAnalyses([analysed(1, 2)], OTHER);
    await forgetServiceHistory(SERVICE);
    expect(await readAllHistories(SERVICE)).toEqual([]);
    expect(await readAllHistories(OTHER)).toHaveLength(1);
  });
});

describe('export', () => {
  it('gives every history of the service by report, in the order of their first analyses', async () => {
    await recordAnalyses([analysed(2, 4), analysed(1, 1), analysed(2, 3)], SERVICE);
    const all = await readAllHistories(SERVICE);
    expect(all.map(({ reportId, url, records }) => [reportId, url, records.length])).toEqual([
      [1, 'https://example.com/page-1', 1],
      [2, 'https://example.com/page-2', 2],
    ]);
    expect(all[1]?.records.map((record) => record.at)).toEqual([T0 + 3 * MINUTE, T0 + 4 * MINUTE]);
  });
});

describe('storage failures (fault injection)', () => {
  const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

  it('1. a write refused midway records nothing of its answer, never rejects, and says only the kind', async () => {
    const warn = quiet();
    await recordAnalyses([analysed(1, 1)], SERVICE);
    const real = IDBObjectStore.prototype.add;
    let n = 0;
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['add']>
    ) {
      n++;
      if (n === 2) throw quota();
      return real.apply(this, args);
    });
    await expect(recordAnalyses([analysed(1, 2), analysed(1, 3)], SERVICE)).resolves.toBe(0);
    expect(await times(SERVICE, 1)).toEqual([1]);
    expect(warn).toHaveBeenCalledWith(
      'Site Report: could not record the history (QuotaExceededError).',
    );
  });

  it('2. a failed write does not stop the next one', async () => {
    quiet();
    const real = IDBObjectStore.prototype.add;
    const add = vi
      .spyOn(IDBObjectStore.prototype, 'add')
      .mockImplementationOnce(() => {
        throw quota();
      })
      .mockImplementation(function (this: IDBObjectStore, ...args) {
        return real.apply(this, args);
      });
    await recordAnalyses([analysed(1, 1)], SERVICE);
    await recordAnalyses([analysed(1, 2)], SERVICE);
    expect(add).toHaveBeenCalledTimes(2);
    expect(await times(SERVICE, 1)).toEqual([2]);
  });

  it('3. a failed trim to the bounds undoes the whole write: the bounds are never exceeded', async () => {
    quiet();
    const bounds = { perReport: 2, total: 100 };
    await recordAnalyses([analysed(1, 1), analysed(1, 2)], SERVICE, bounds);
    vi.spyOn(IDBCursor.prototype, 'delete').mockImplementation(() => {
      throw quota();
    });
    await expect(recordAnalyses([analysed(1, 3)], SERVICE, bounds)).resolves.toBe(0);
    vi.restoreAllMocks();
    expect(await times(SERVICE, 1)).toEqual([1, 2]);
  });

  it('3b. a failed trim of an unwatched page for a watched one undoes the whole write', async () => {
    quiet();
    const bounds = { perReport: 100, total: 2 };
    await changeWatch(SERVICE, (watch) => {
      watch.reports.push({ id: 1, url: 'https://example.com/page-1' });
    });
    await recordAnalyses([analysed(2, 1), analysed(1, 2)], SERVICE, bounds);
    vi.spyOn(IDBCursor.prototype, 'delete').mockImplementation(() => {
      throw quota();
    });
    await expect(recordAnalyses([analysed(1, 3)], SERVICE, bounds)).resolves.toBe(0);
    vi.restoreAllMocks();
    expect(await times(SERVICE, 1)).toEqual([2]);
    expect(await times(SERVICE, 2)).toEqual([1]);
    await recordAnalyses([analysed(1, 3)], SERVICE, bounds);
    expect(await times(SERVICE, 1)).toEqual([2, 3]);
    expect(await times(SERVICE, 2)).toEqual([]);
  });

  it('3c. which pages are watched cannot be read: nothing recorded, never rejects', async () => {
    const warn = quiet();
    vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValue(new Error('gone'));
    await expect(recordAnalyses([analysed(1, 1)], SERVICE)).resolves.toBe(0);
    vi.restoreAllMocks();
    expect(await times(SERVICE, 1)).toEqual([]);
    expect(warn).toHaveBeenCalledWith('Site Report: could not record the history (Error).');
  });

  it('4. a failed removal removes nothing, never rejects, and can be done again', async () => {
    quiet();
    await recordAnalyses([analysed(1, 1), analysed(1, 2)], SERVICE);
    const original = IDBCursor.prototype.delete;
    let n = 0;
    vi.spyOn(IDBCursor.prototype, 'delete').mockImplementation(function (this: IDBCursor) {
      n++;
      if (n === 2) throw quota();
      return original.call(this);
    });
    await expect(forgetReportHistory(SERVICE, 1)).resolves.toBeUndefined();
    vi.restoreAllMocks();
    expect(await times(SERVICE, 1)).toEqual([1, 2]);
    await forgetReportHistory(SERVICE, 1);
    expect(await times(SERVICE, 1)).toEqual([]);
  });

  it('5. no IndexedDB at all (it cannot be opened): nothing recorded, reads empty, nothing rejects', async () => {
    quiet();
    closeHistory();
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    await expect(recordAnalyses([analysed(1, 1)], SERVICE)).resolves.toBe(0);
    await expect(readHistory(SERVICE, 1)).resolves.toEqual([]);
    await expect(readAllHistories(SERVICE)).resolves.toEqual([]);
    await expect(forgetProjectHistory(SERVICE, 'shop')).resolves.toBeUndefined();
    // Once it can be opened again, it is used.
    vi.restoreAllMocks();
    quiet();
    await recordAnalyses([analysed(1, 1)], SERVICE);
    expect(await times(SERVICE, 1)).toEqual([1]);
  });
});
