// Test connection: one small list request with the values in the options form, saved or not,
// and an answer in plain words for each way it can go wrong. People often paste the site's
// address; when that does not answer like the API, `<address>/api/v1` is tried and offered.
import { SiteReportError } from '../api';
import { t } from '../i18n';
import type { RequestOf, TestConnectionAnswer } from '../messages';
import {
  checkField,
  endsWithApiVersion,
  hostPermissionPattern,
  normaliseServiceUrl,
} from '../settings';
import type { HandlerDeps } from './deps';
import { waitText } from './error-text';

/** Failures after which the address may simply lack its `/api/v1` part. */
const WRONG_PATH_KINDS = new Set(['not_found', 'unexpected_response', 'network']);

/** The API address to try when `baseUrl` is not one, or null when it already ends in /v1. */
export function apiAddressFor(baseUrl: string): string | null {
  if (endsWithApiVersion(baseUrl)) return null;
  return /\/api$/i.test(baseUrl) ? `${baseUrl}/v1` : `${baseUrl}/api/v1`;
}

function invalidInput(field: string, message: string): SiteReportError {
  return new SiteReportError('invalid_input', message, { fieldErrors: { [field]: [message] } });
}

export async function testConnection(
  request: RequestOf<'testConnection'>,
  deps: HandlerDeps,
): Promise<TestConnectionAnswer> {
  const address = normaliseServiceUrl(request.serviceUrl);
  if (!address.ok) throw invalidInput('serviceUrl', address.message);
  const typedKey = request.apiKey?.trim();
  const apiKey = typedKey || (await deps.loadSettings()).settings.apiKey;
  if (!apiKey) throw invalidInput('apiKey', t('error_test_no_key'));
  const key = checkField('apiKey', apiKey);
  if (!key.ok) throw invalidInput('apiKey', key.message);

  const countReports = async (baseUrl: string) => {
    const client = deps.createClient({ baseUrl, apiKey: key.value });
    const page = await client.reports.list({ perPage: 10 });
    const answer: TestConnectionAnswer = { baseUrl, adjusted: baseUrl !== address.url };
    if (page.total !== undefined) answer.total = page.total;
    return answer;
  };

  try {
    return await countReports(address.url);
  } catch (error) {
    const alternative = apiAddressFor(address.url);
    if (alternative && isWrongPath(error)) {
      try {
        return await countReports(alternative);
      } catch (atAlternative) {
        // The API is there but refused (a rejected key, no access, a rate limit): that is what
        // needs fixing, and where. Otherwise report what went wrong with the address as typed.
        if (atAlternative instanceof SiteReportError && !isWrongPath(atAlternative)) {
          throw await explain(atAlternative, alternative, deps, alternative);
        }
      }
    }
    throw await explain(error, address.url, deps);
  }
}

const isWrongPath = (error: unknown) =>
  error instanceof SiteReportError && WRONG_PATH_KINDS.has(error.kind);

/**
 * The same error with a sentence written for the options page; `apiAddress` names the address
 * that answered, when it is not the one typed.
 */
async function explain(
  error: unknown,
  baseUrl: string,
  deps: HandlerDeps,
  apiAddress?: string,
): Promise<unknown> {
  if (!(error instanceof SiteReportError)) return error;
  const host = new URL(baseUrl).host;
  let message: string;
  switch (error.kind) {
    case 'network':
      message = (await deps.hasHostAccess(hostPermissionPattern(baseUrl)))
        ? t('error_test_unreachable', host)
        : t('error_test_no_access', host);
      break;
    case 'timeout':
      message = t('error_test_timeout', host);
      break;
    case 'not_found':
      message = t('error_test_not_found');
      break;
    case 'unexpected_response':
      message = t('error_test_not_api');
      break;
    case 'unauthorized':
      message = t('error_test_unauthorized');
      break;
    case 'forbidden':
      message = t('error_test_forbidden');
      break;
    case 'rate_limited':
      message =
        error.retryAfterSeconds === undefined
          ? t('error_test_rate_limited')
          : t('error_test_rate_limited_after', waitText(error.retryAfterSeconds));
      break;
    case 'server':
      message = t('error_test_server', error.status ?? 500);
      break;
    default:
      return error;
  }
  if (apiAddress) message = t('error_test_at_api_address', apiAddress, message);
  return new SiteReportError(error.kind, message, {
    status: error.status,
    fieldErrors: error.fieldErrors,
    retryAfterSeconds: error.retryAfterSeconds,
  });
}
