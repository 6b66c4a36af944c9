// The reports resource: list, read, create, update and delete, and polling a new report until
// the service has rated it. Each method checks its input, makes one call and decodes the answer;
// a change or delete refused with a 403 reads the report to tell a gone report from a refusal.
import { pause, type Sleep, withDeadline } from './cancellation';
import { apiError, positiveOption, SiteReportError, validate } from './errors';
import { checkDeleted, decode } from './http-answer';
import { listQuery } from './list-query';
import {
  CreateReportInput,
  ListReportsParams,
  type Report,
  ReportId,
  type ReportPage,
  UpdateReportInput,
} from './model';
import { ReportEnvelope, ReportList, toPage } from './schemas';
import type { Call, CallOptions, Transport } from './transport';

export interface WaitOptions extends CallOptions {
  /** Total time allowed for the report to be rated (default 60 s). */
  timeoutMs?: number;
}

const DEFAULT_WAIT_MS = 60_000;
const MAX_POLL_DELAY_MS = 5_000;

/** What a read after a refused change says instead of the refusal: gone, no access, cancelled. */
const LOOKUP_SAYS = new Set(['not_found', 'forbidden', 'unauthorized', 'aborted']);

export interface ReportsApiOptions {
  transport: Transport;
  /** The wait between polls of waitForResult. */
  sleep: Sleep;
  /** First wait between polls; ×1.5 each time, at most 5 s. */
  pollDelayMs: number;
}

export function createReportsApi({ transport, sleep, pollDelayMs }: ReportsApiOptions) {
  /**
   * Deployments answer a change or delete of a report that is gone (or another account's) with a
   * 403: a read of it tells. A 404 there is "that report no longer exists"; a read refused as
   * well (a key without API access, or rejected) is that refusal; anything else leaves the 403's
   * own message.
   */
  async function goneOrRefused(id: number, error: unknown, signal?: AbortSignal): Promise<never> {
    if (!(error instanceof SiteReportError) || error.reason !== 'reportRefused') throw error;
    try {
      await reports.get(id, { signal });
    } catch (lookup) {
      if (lookup instanceof SiteReportError && LOOKUP_SAYS.has(lookup.kind)) throw lookup;
    }
    throw error;
  }

  const reports = {
    async list(params: ListReportsParams = {}, { signal }: CallOptions = {}): Promise<ReportPage> {
      const input = validate(ListReportsParams, params);
      const { query, requested } = listQuery(input, 'url', {
        project: input.project,
        result: input.result,
      });
      const answer = await transport.request(
        { method: 'GET', path: '/reports', notFound: 'notFoundOnList', query },
        signal,
      );
      return toPage(decode(ReportList, answer), requested);
    },

    async get(id: number, { signal }: CallOptions = {}): Promise<Report> {
      const reportId = validate(ReportId, id, 'id');
      const path = `/reports/${reportId}`;
      const answer = await transport.request(
        { method: 'GET', path, notFound: 'reportGone' },
        signal,
      );
      return decode(ReportEnvelope, answer).data;
    },

    async create(input: CreateReportInput, { signal }: CallOptions = {}): Promise<Report> {
      const { url, privacy, password } = validate(CreateReportInput, input);
      const answer = await transport.request(
        {
          method: 'POST',
          path: '/reports',
          notFound: 'notFoundOnList',
          form: { url, privacy, password: password || undefined },
          analyses: true,
        },
        signal,
      );
      return decode(ReportEnvelope, answer).data;
    },

    async update(
      id: number,
      input: UpdateReportInput,
      { signal }: CallOptions = {},
    ): Promise<Report> {
      const reportId = validate(ReportId, id, 'id');
      const { privacy, password, results } = validate(UpdateReportInput, input);
      const answer = await transport
        .request(
          {
            method: 'PUT',
            path: `/reports/${reportId}`,
            notFound: 'reportGone',
            forbidden: 'reportRefused',
            form: {
              privacy,
              password: password || undefined,
              results: results === undefined ? undefined : results ? 1 : 0,
            },
            analyses: results === true,
          },
          signal,
        )
        .catch((error: unknown) => goneOrRefused(reportId, error, signal));
      return decode(ReportEnvelope, answer).data;
    },

    async delete(id: number, { signal }: CallOptions = {}): Promise<{ id: number }> {
      const reportId = validate(ReportId, id, 'id');
      const path = `/reports/${reportId}`;
      const call: Call = {
        method: 'DELETE',
        path,
        notFound: 'reportGone',
        forbidden: 'reportRefused',
      };
      checkDeleted(
        await transport
          .request(call, signal)
          .catch((error: unknown) => goneOrRefused(reportId, error, signal)),
      );
      return { id: reportId };
    },

    /** Reads the report until it has a rating, waiting longer between reads each time. */
    async waitForResult(id: number, { signal, timeoutMs }: WaitOptions = {}): Promise<Report> {
      const reportId = validate(ReportId, id, 'id');
      const limit = positiveOption(timeoutMs, DEFAULT_WAIT_MS, 'timeoutMs');
      const deadline = withDeadline(signal, limit);
      try {
        for (let delay = pollDelayMs; ; delay = Math.min(delay * 1.5, MAX_POLL_DELAY_MS)) {
          const report = await reports.get(reportId, { signal: deadline.signal });
          if (report.rating !== null) return report;
          await pause(sleep, delay, deadline.signal);
        }
      } catch (error) {
        if (deadline.expired() && !signal?.aborted) {
          throw apiError('notReady', { waitedMs: limit });
        }
        throw error;
      } finally {
        deadline.dispose();
      }
    },
  };
  return reports;
}
