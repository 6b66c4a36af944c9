// The analyses kept: each report's latest checks, per owner, in the history's IndexedDB database
// (store `analyses`), written from every answer of the service that carries parseable `results`
// (service-answers.ts feeds it where it records the history). Bounded per owner, the least recently
// seen dropped first. Best effort like the history: a failed write is logged, never an error.
// Every change of an owner's analyses changes its summary (store `summaries`, the Issues table's
// counts) in the same transaction: both are written, or neither.
import type { IDBPObjectStore, IDBPTransaction, StoreNames } from 'idb';
import type { Report } from '../api/model';
import { hostOf } from '../url-parts';
import { warnWatch } from '../watch/history';
import { allOrNone, db, type HistoryDb } from '../watch/history-db';
import {
  emptySummary,
  failKey,
  type IssuesSummary,
  type StoredAnalysis,
  stored,
  tally,
  unstored,
} from '../watch/issues-summary';
import { analysisOf } from './analysis-of';
import type { FailingPage, KeptAnalysis } from './model';

export const MAX_ANALYSES_PER_OWNER = 50_000;

const writing = new Set<Promise<unknown>>();

/** Resolves when the writes started so far have ended (reads wait for them). */
export const analysesWritten = () => Promise.all(writing);

function tracked<T>(work: Promise<T>): Promise<T> {
  writing.add(work);
  void work.finally(() => writing.delete(work));
  return work;
}

const ownerRange = (owner: string) =>
  IDBKeyRange.bound([owner, Number.NEGATIVE_INFINITY], [owner, Number.POSITIVE_INFINITY]);

export interface KeepOptions {
  /** Reports kept per owner (tests use a smaller one). */
  bound?: number;
  now?: () => number;
}

/**
 * Keeps the details of the reports of one answer of `owner`'s service, in one transaction: each
 * one's latest (an older analysis than the one kept only counts as seen). How many were written.
 * Never rejects; answers need not wait for it.
 */
export function keepAnalyses(
  reports: readonly Report[],
  owner: string,
  { bound = MAX_ANALYSES_PER_OWNER, now = Date.now }: KeepOptions = {},
): Promise<number> {
  const seenAt = now();
  const kept = reports.flatMap((report) => analysisOf(report, owner, seenAt) ?? []);
  if (kept.length === 0) return Promise.resolve(0);
  return tracked(writeAnalyses(kept, owner, bound));
}

type WriteTx = IDBPTransaction<HistoryDb, ('analyses' | 'records' | 'summaries')[], 'readwrite'>;
type Summaries = IDBPObjectStore<
  HistoryDb,
  ArrayLike<StoreNames<HistoryDb>>,
  'summaries',
  'readwrite'
>;

async function summaryOf(summaries: Summaries, owner: string): Promise<IssuesSummary> {
  return (await summaries.get(owner)) ?? emptySummary(owner);
}

/** Writes the summary back; an owner left with nothing has none. */
async function saveSummary(summaries: Summaries, summary: IssuesSummary): Promise<void> {
  if (summary.reports > 0) await summaries.put(summary);
  else await summaries.delete(summary.owner);
}

/**
 * The checks that failed at the report's analysis before `analysis`: the history's last record
 * before it that has them, else the analysis kept before it; undefined when neither knows.
 */
async function beforeOf(tx: WriteTx, analysis: KeptAnalysis, stored: KeptAnalysis | undefined) {
  if (stored && stored.at === analysis.at) return stored.before;
  if (analysis.at === null) return undefined;
  const { owner, reportId, at } = analysis;
  const range = IDBKeyRange.bound(
    [owner, reportId, Number.NEGATIVE_INFINITY],
    [owner, reportId, at],
    false,
    true,
  );
  let cursor = await tx.objectStore('records').index('report').openCursor(range, 'prev');
  for (; cursor; cursor = await cursor.continue()) {
    if (cursor.value.failed) return cursor.value.failed;
  }
  return stored?.failed.map(({ key, importance }) => ({ key, importance }));
}

async function writeAnalyses(kept: KeptAnalysis[], owner: string, bound: number) {
  try {
    const tx = (await db()).transaction(['analyses', 'records', 'summaries'], 'readwrite');
    return await allOrNone(tx, () => writeEach(tx, kept, owner, bound));
  } catch (error) {
    warnWatch('keep the details', error);
    return 0;
  }
}

/** The analyses into the store, their summary changed with them, and the bound kept. */
async function writeEach(tx: WriteTx, kept: KeptAnalysis[], owner: string, bound: number) {
  const store = tx.objectStore('analyses');
  const summary = await summaryOf(tx.objectStore('summaries'), owner);
  for (const analysis of kept) {
    const known = await store.get([owner, analysis.reportId]);
    if (known?.at != null && analysis.at !== null && known.at > analysis.at) {
      await store.put({ ...known, seenAt: analysis.seenAt });
      continue;
    }
    const before = await beforeOf(tx, analysis, known);
    const next = stored(before ? { ...analysis, before } : analysis);
    if (known) tally(summary, known, -1);
    tally(summary, next, 1);
    await store.put(next);
  }
  let over = summary.reports - bound;
  let cursor = await store.index('seen').openCursor(ownerRange(owner));
  for (; cursor && over > 0; over--) {
    tally(summary, cursor.value, -1);
    await cursor.delete();
    cursor = await cursor.continue();
  }
  await saveSummary(tx.objectStore('summaries'), summary);
  return kept.length;
}

/** Every kept analysis of `owner`; none when they cannot be read. */
export async function readAnalyses(owner: string): Promise<KeptAnalysis[]> {
  try {
    await analysesWritten();
    return (await (await db()).getAllFromIndex('analyses', 'owner', owner)).map(unstored);
  } catch (error) {
    warnWatch('read the details', error);
    return [];
  }
}

/**
 * Past this many ids, reading every analysis of the owner at once is the faster way (in Chromium,
 * 10,000 reads by key take about 2 s, one read of 10,000 about 0.5–1 s).
 */
const BY_KEY_MAX = 1000;

/** The analyses of `owner` kept for `ids` (those kept), read in one transaction. */
export async function readAnalysesOf(
  owner: string,
  ids: Iterable<number>,
): Promise<KeptAnalysis[]> {
  try {
    await analysesWritten();
    const wanted = [...ids];
    const store = (await db()).transaction('analyses').store;
    if (wanted.length > BY_KEY_MAX) {
      const set = new Set(wanted);
      const all = await store.index('owner').getAll(owner);
      return all.flatMap((analysis) => (set.has(analysis.reportId) ? [unstored(analysis)] : []));
    }
    const found = await Promise.all(wanted.map((id) => store.get([owner, id])));
    return found.flatMap((analysis) => (analysis ? [unstored(analysis)] : []));
  } catch (error) {
    warnWatch('read the details', error);
    return [];
  }
}

/** `owner`'s counts of its analyses (the "All reports" table); null when they cannot be read. */
export async function readSummary(owner: string): Promise<IssuesSummary | null> {
  try {
    await analysesWritten();
    return (await (await db()).get('summaries', owner)) ?? emptySummary(owner);
  } catch (error) {
    warnWatch('read the details', error);
    return null;
  }
}

/**
 * The first `count` of `owner`'s pages failing check `key`, in the order of their ids: one read of
 * the index of failing checks.
 */
export async function readFailingPages(
  owner: string,
  key: string,
  count: number,
): Promise<FailingPage[]> {
  await analysesWritten();
  const found = await (await db()).getAllFromIndex('analyses', 'fails', failKey(owner, key), count);
  return found.flatMap(({ owner: whose, reportId, url, rating, at, failed }) =>
    whose === owner
      ? failed
          .filter((check) => check.key === key)
          .map((check) => ({ reportId, url, rating, at, check }))
      : [],
  );
}

/** How many analyses `owner` has kept (the bench's size). */
export async function countAnalyses(owner: string): Promise<number> {
  await analysesWritten();
  return (await db()).countFromIndex('analyses', 'owner', owner);
}

async function forgetWhere(owner: string, test: (analysis: KeptAnalysis) => boolean) {
  try {
    await analysesWritten();
    const tx = (await db()).transaction(['analyses', 'summaries'], 'readwrite');
    await allOrNone(tx, async () => {
      const summary = await summaryOf(tx.objectStore('summaries'), owner);
      let cursor = await tx.objectStore('analyses').index('owner').openCursor(owner);
      for (; cursor; cursor = await cursor.continue()) {
        if (!test(cursor.value)) continue;
        tally(summary, cursor.value, -1);
        await cursor.delete();
      }
      await saveSummary(tx.objectStore('summaries'), summary);
    });
  } catch (error) {
    warnWatch('remove the details', error);
  }
}

/** Forgets a deleted (or vanished) report's details. Never rejects. */
export function forgetReportAnalysis(owner: string, reportId: number): Promise<void> {
  return tracked(
    (async () => {
      try {
        const tx = (await db()).transaction(['analyses', 'summaries'], 'readwrite');
        await allOrNone(tx, async () => {
          const store = tx.objectStore('analyses');
          const known = await store.get([owner, reportId]);
          if (!known) return;
          const summary = await summaryOf(tx.objectStore('summaries'), owner);
          tally(summary, known, -1);
          await store.delete([owner, reportId]);
          await saveSummary(tx.objectStore('summaries'), summary);
        });
      } catch (error) {
        warnWatch('remove the details', error);
      }
    })(),
  );
}

/**
 * Forgets the details of a deleted project's reports: those kept with it, and, without a project,
 * those whose host is its name (the history's rule). Never rejects.
 */
export function forgetProjectAnalyses(owner: string, name: string): Promise<void> {
  const host = name.toLowerCase();
  return forgetWhere(owner, (analysis) =>
    analysis.project !== undefined ? analysis.project === name : hostOf(analysis.url) === host,
  );
}

/** Forgets every analysis kept for `owner` (its account was removed). Never rejects. */
export function forgetOwnerAnalyses(owner: string): Promise<void> {
  return forgetWhere(owner, () => true);
}

/**
 * The analyses kept under `from` (an earlier version's base URL) become `to`'s, in one
 * transaction: all or none.
 */
export async function moveAnalyses(from: string, to: string): Promise<void> {
  await analysesWritten();
  const tx = (await db()).transaction(['analyses', 'summaries'], 'readwrite');
  // A failure midway must not leave half of them moved.
  await allOrNone(tx, async () => {
    const store = tx.objectStore('analyses');
    const summaries = tx.objectStore('summaries');
    const [left, joined] = [await summaryOf(summaries, from), await summaryOf(summaries, to)];
    let cursor = await store.index('owner').openCursor(from);
    for (; cursor; cursor = await cursor.continue()) {
      const moved: StoredAnalysis = stored({ ...unstored(cursor.value), owner: to });
      const replaced = await store.get([to, moved.reportId]);
      if (replaced) tally(joined, replaced, -1);
      tally(left, cursor.value, -1);
      tally(joined, moved, 1);
      await cursor.delete();
      await store.put(moved);
    }
    await saveSummary(summaries, left);
    await saveSummary(summaries, joined);
  });
}
