// Test connection with the form's values, saved or not. People often paste the site's address:
// when that does not answer like the API, `<address>/api/v1` is tried and offered. When the
// service tells its plan (GET /account), the answer names it.
import { askAccount, PLAN_WAIT_MS, planOwner } from '../account/plans';
import { SiteReportError } from '../api';
import { invalidInput } from '../api/errors';
import { ExplainedError, errorData } from '../errors';
import { t } from '../i18n';
import { serviceOf } from '../jobs/service';
import type { RequestOf } from '../messaging/protocol';
import {
  checkField,
  endsWithApiVersion,
  hostPermissionPattern,
  normaliseServiceUrl,
} from '../settings';
import type { TestConnectionAnswer } from '../settings/schema';
import { originOf } from '../url-parts';
import type { HandlerDeps } from './deps';

/** Failures after which the address may simply lack its `/api/v1` part. */
const WRONG_PATH_KINDS = new Set(['not_found', 'unexpected_response', 'network']);

/** The API address to try when `baseUrl` is not one, or null when it already ends in /v1. */
export function apiAddressFor(baseUrl: string): string | null {
  if (endsWithApiVersion(baseUrl)) return null;
  return /\/api$/i.test(baseUrl) ? `${baseUrl}/v1` : `${baseUrl}/api/v1`;
}

export async function testConnection(
  request: RequestOf<'testConnection'>,
  deps: HandlerDeps,
): Promise<TestConnectionAnswer> {
  const address = normaliseServiceUrl(request.serviceUrl);
  if (!address.ok) throw invalidInput({ serviceUrl: [address.message] });
  const { accounts, account: inUse } = await deps.loadSettings();
  // The account being edited (the one in use unless named): its key is the one saved.
  const editing = request.account ? accounts.find(({ id }) => id === request.account) : inUse;
  const saved = editing ?? { serviceUrl: '', apiKey: '' };
  const typedKey = request.apiKey?.trim();
  // The saved key goes only to the saved service: a typed address must come with its own key.
  const savedService =
    saved.serviceUrl !== '' && originOf(saved.serviceUrl) === originOf(address.url);
  if (!savedService && saved.apiKey !== '' && (!typedKey || typedKey === saved.apiKey)) {
    throw invalidInput({ apiKey: [t('error_test_key_for_other_service')] });
  }
  const apiKey = typedKey || saved.apiKey;
  if (!apiKey) throw invalidInput({ apiKey: [t('error_test_no_key')] });
  const key = checkField('apiKey', apiKey);
  if (!key.ok) throw invalidInput({ apiKey: [key.message] });

  const countReports = async (baseUrl: string) => {
    const client = deps.createClient({ baseUrl, apiKey: key.value });
    const page = await client.reports.list({ perPage: 10 });
    const answer: TestConnectionAnswer = { baseUrl, adjusted: baseUrl !== address.url };
    if (page.total !== undefined) answer.total = page.total;
    // The plan is a bonus: a service that does not tell it (or fails to) is still connected.
    // Kept for the account only when these are its saved address and key.
    const own = editing && editing.serviceUrl === baseUrl && editing.apiKey === key.value;
    const owner = own ? planOwner(await serviceOf(baseUrl, key.value, editing.id)) : undefined;
    const told = await askAccount(client, {
      ...(owner && { owner }),
      signal: AbortSignal.timeout(PLAN_WAIT_MS),
    });
    if (told?.plan) answer.plan = told.plan;
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
 * The client's error said for Test connection (lib/error-text.ts), naming the host and whether
 * Site Report may reach it; `apiAddress` names the address that answered, when it is not the
 * one typed. Anything else (a fault of the extension) is passed on as it is.
 */
async function explain(
  error: unknown,
  baseUrl: string,
  deps: HandlerDeps,
  apiAddress?: string,
): Promise<unknown> {
  if (!(error instanceof SiteReportError)) return error;
  const hostAccess =
    error.kind !== 'network' || (await deps.hasHostAccess(hostPermissionPattern(baseUrl)));
  return new ExplainedError(
    errorData(error, { host: new URL(baseUrl).host, hostAccess, apiAddress }),
  );
}
