// The pages of the stored creates waiting, sent, or of unknown fate, kept beside the jobs: a page's
// status reads the jobs only when its page is among them. A finished 10,000-page audit kept makes
// the jobs 2 MB, which take 140 ms to read, on every popup opening.
import * as z from 'zod/mini';
import { defineStorageItem } from '../storage-item';
import { pageOf } from '../url-parts';
import { type Job, parseStoredJobs } from './schema';

/** Past this many pages, `'many'` is stored in their place (a large audit under way). */
export const MAX_OPEN_CREATE_PAGES = 500;

const OpenCreates = z.union([z.array(z.string()), z.literal('many')]);
export type OpenCreates = z.infer<typeof OpenCreates>;

/**
 * Written by the queue in the same write as the jobs, or alone for jobs a version before it wrote
 * (queue/store.ts), each page as `pageOf` gives it. None stored, or `'many'`: the jobs are read.
 */
export const openCreatesItem = defineStorageItem<OpenCreates | null>('local:openCreates', null);

/** The pages stored in openCreatesItem; null when none is stored or it cannot be read. */
export function parseOpenCreates(raw: unknown): OpenCreates | null {
  const parsed = OpenCreates.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * The address of a stored item that is a create waiting, sent, or of unknown fate. Looked at as
 * stored, not read with the schema: the point is to leave most items unread.
 */
export function openCreateUrl(item: unknown): string | undefined {
  const { state, op } = (item ?? {}) as {
    state?: unknown;
    op?: { type?: unknown; url?: unknown };
  };
  if (state !== 'waiting' && state !== 'running' && state !== 'unknown') return undefined;
  return op?.type === 'create' && typeof op.url === 'string' ? op.url : undefined;
}

/** What openCreatesItem holds for `jobs`: their open creates' pages, each once and sorted. */
export function openCreatesOf(jobs: Job[]): OpenCreates {
  const pages = new Set<string>();
  for (const job of jobs) {
    for (const item of job.items) {
      const page = pageOf(openCreateUrl(item));
      if (page) pages.add(page);
      if (pages.size > MAX_OPEN_CREATE_PAGES) return 'many';
    }
  }
  return [...pages].sort();
}

/**
 * The valid jobs of a stored value that have an item `wanted` picks, looked at as stored (not yet
 * read): an answer about a few items reads only their jobs, not every item of a finished audit.
 */
export function parseStoredJobsWith(raw: unknown, wanted: (item: unknown) => boolean): Job[] {
  const jobs = (raw as { jobs?: unknown } | null)?.jobs;
  if (!Array.isArray(jobs)) return [];
  return parseStoredJobs({
    ...(raw as object),
    jobs: jobs.filter((job) => {
      const items = (job as { items?: unknown } | null)?.items;
      return Array.isArray(items) && items.some(wanted);
    }),
  });
}
