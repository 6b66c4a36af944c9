// The one create request, of a single create (create-report.ts) and of each create of a job (the
// queue's effects).
import type { CreateReportInput, Report } from '../api/model';
import type { QueueClient } from '../jobs/queue/items';
import type { RecentDetails } from '../rating/recent-details';
import { rememberAnswer } from './service-answers';

/**
 * Sends the create, then remembers the report. The service may give another address (where its
 * fetch ended): it is remembered for the address asked too, so the tab's badge finds it.
 */
export async function sendCreateRequest(
  client: Pick<QueueClient, 'reports'>,
  input: CreateReportInput,
  serviceUrl: string,
  details: RecentDetails,
): Promise<Report> {
  const made = await client.reports.create(input);
  // The report is made: a cache that cannot be written does not make it a failure.
  await rememberAnswer([made], serviceUrl, { details, askedUrl: input.url }).catch(() => undefined);
  return made;
}
