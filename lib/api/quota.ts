// The one place that tells a quota refusal: past the plan's monthly quota, deployments answer a
// create with a 422 on `url` ("You created too many reports."); a page the service cannot fetch is
// a 422 on `url` too, so the message decides.
import type { ErrorData } from './model';

/** Says reports and that there are too many, or a quota or limit of them. */
const MENTIONS_REPORTS = /\breports?\b/i;
const MENTIONS_LIMIT = /\btoo many\b|\bquota\b|\blimit\b/i;

/** Whether a failed create was refused because the monthly quota is used up. */
export function isQuotaRefusal(error: Pick<ErrorData, 'kind' | 'status' | 'fieldErrors'>): boolean {
  if (error.kind !== 'validation' || (error.status !== undefined && error.status !== 422)) {
    return false;
  }
  const messages = Object.entries(error.fieldErrors ?? {})
    .filter(([field]) => field.toLowerCase() === 'url')
    .flatMap(([, said]) => said);
  return messages.some((message) => MENTIONS_REPORTS.test(message) && MENTIONS_LIMIT.test(message));
}
