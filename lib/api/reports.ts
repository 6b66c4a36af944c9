// The reports resource: list, read, create, update and delete, and polling a new report until
// the service has rated it. Each method checks its input, makes one call and decodes the answer.
import { pause, type Sleep, withDeadline } from './cancellation';
import { apiError, positiveOption, validate } from './errors';
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
import type { CallOptions, Transport } from './transport';

export interface WaitOptions extends CallOptions {
  /** Total time allowed for the report to be rated (default 60 s). */
  timeoutMs?: number;
}

const DEFAULT_WAIT_MS = 60_000;
const MAX_POLL_DELAY_MS = 5_000;

export interface ReportsApiOptions {
  transport: Transport;
  /** The wait between polls of waitForResult. */
  sleep: Sleep;
  /** First wait between polls; ×1.5 each time, at most 5 s. */
  pollDelayMs: number;
}

export function createReportsApi({ transport, sleep, pollDelayMs }: ReportsApiOptions) {
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
      const answer = await transport.request(
        {
          method: 'PUT',
          path: `/reports/${reportId}`,
          notFound: 'reportGone',
          form: {
            privacy,
            password: password || undefined,
            results: results === undefined ? undefined : results ? 1 : 0,
          },
          analyses: results === true,
        },
        signal,
      );
      return decode(ReportEnvelope, answer).data;
    },

    async delete(id: number, { signal }: CallOptions = {}): Promise<{ id: number }> {
      const reportId = validate(ReportId, id, 'id');
      const path = `/reports/${reportId}`;
      checkDeleted(
        await transport.request({ method: 'DELETE', path, notFound: 'reportGone' }, signal),
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
