// The one place that tells a quota refusal. Past the plan's monthly quota, deployments answer a
// create with a 422 on `url` saying one fixed sentence; a page the service cannot fetch is a 422
// on `url` too, carrying its fetch error's text, which may name any address and any words
// ("…/reports?limit=10"). So only the service's sentence as a whole is the quota, never words
// found in a message, and otherwise only what GET /account told of the plan.
import type { ErrorData, Plan } from './model';

/** The service's own words for a create past the monthly quota (CONTRACT.md "Quota"). */
export const QUOTA_SENTENCE = 'You created too many reports.';

/**
 * Compared whole, after trimming and regardless of case: a fetch error always carries the
 * address or the reason, so it never equals the sentence, whatever its case, and a deployment
 * that capitalises its sentence otherwise still stops a job rather than have every create
 * refused one by one.
 */
const isQuotaSentence = (message: string) =>
  message.trim().toLowerCase() === QUOTA_SENTENCE.toLowerCase();

/** The service's messages on `url` when it refused a request with a 422; none otherwise. */
function urlMessages(error: Pick<ErrorData, 'kind' | 'status' | 'fieldErrors'>): string[] {
  if (error.kind !== 'validation' || (error.status !== undefined && error.status !== 422)) {
    return [];
  }
  return Object.entries(error.fieldErrors ?? {})
    .filter(([field]) => field.toLowerCase() === 'url')
    .flatMap(([, said]) => said);
}

/**
 * Whether a failed create was refused because the monthly quota is used up: the service said its
 * sentence on `url`, or `plan` (as GET /account told it) allows no reports a month, so that any
 * refusal of the url is the quota. The service tells no month's count, so a plan allowing some
 * reports cannot tell that they are used up: then its sentence alone decides.
 */
export function isQuotaRefusal(
  error: Pick<ErrorData, 'kind' | 'status' | 'fieldErrors'>,
  plan?: Plan | null,
): boolean {
  const messages = urlMessages(error);
  if (messages.length === 0) return false;
  return messages.some(isQuotaSentence) || plan?.reportsPerMonth === 0;
}
