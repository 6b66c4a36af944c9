// An export job's pages: each page's reports kept as summaries, within the caps on reports and on
// stored characters, and the next page queued while the service has one.
import { DEFAULT_PER_PAGE } from '../../api/list-query';
import { type ReportPage, type ReportSummary, toSummary } from '../../api/model';
import { errorWithText } from '../../error-text';
import type { Job } from '../schema';
import { MAX_EXPORT_REPORTS, MAX_JOB_ITEMS } from '../schema';
import { exportKey, type QueueState } from './store';

/** The most an export page keeps, and an export in all, in characters of JSON (as quotas count). */
export const MAX_EXPORT_PAGE_BYTES = 1_000_000;
export const MAX_EXPORT_BYTES = 5_000_000;

/** Keeps an export page's reports (up to the cap) and adds the next page while there is one. */
export function exported(
  state: QueueState,
  job: Job,
  index: number,
  page: ReportPage,
  cancelled: boolean,
) {
  const item = job.items[index];
  if (item?.op.type !== 'listPage') return;
  const before = job.items.reduce((sum, other) => sum + (other.count ?? 0), 0);
  const bytesBefore = job.items.reduce((sum, other) => sum + (other.bytes ?? 0), 0);
  // Stored pages are bounded in size too: storage.local's quota is shared by everything kept.
  const room = Math.min(MAX_EXPORT_PAGE_BYTES, MAX_EXPORT_BYTES - bytesBefore);
  const reports: ReportSummary[] = [];
  let bytes = 0;
  for (const report of page.items.slice(0, Math.max(0, MAX_EXPORT_REPORTS - before))) {
    const summary = toSummary(report);
    const size = JSON.stringify(summary).length + 1;
    if (bytes + size > room) break;
    reports.push(summary);
    bytes += size;
  }
  state.exports[exportKey(job.id, index)] = reports;
  item.count = reports.length;
  item.bytes = bytes;
  const full = before + reports.length >= MAX_EXPORT_REPORTS;
  const pageNumber = item.op.params.page ?? 1;
  // Pages enough for the cap when each is full; a service that sends fewer (or claims a next page
  // forever) must not make the job grow without end.
  const lastPage = Math.ceil(MAX_EXPORT_REPORTS / (item.op.params.perPage ?? DEFAULT_PER_PAGE));
  const more = page.hasNext && page.items.length > 0;
  if (
    (more && (full || pageNumber >= lastPage || job.items.length >= MAX_JOB_ITEMS)) ||
    reports.length < page.items.length
  ) {
    job.error = errorWithText({
      kind: 'invalid_input',
      reason: 'exportCut',
      count: before + reports.length,
    });
  } else if (more && !cancelled) {
    const params = { ...item.op.params, page: pageNumber + 1 };
    job.items.push({ op: { type: 'listPage', params }, state: 'waiting' });
  }
}
