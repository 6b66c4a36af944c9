// A client source for tests that hand the handlers a client of their own, as the client of account
// `account` (`a1`, the id the first account saved gets): `saved()` pairs it with the service of
// `apiKey`, as the real source pairs a client with the settings it was built from.
import type { SiteReportClient } from '../../lib/api';
import { serviceOf } from '../../lib/jobs/service';
import type { AccountClient, ClientSource } from '../../lib/service/client-source';

export function clientSource(
  get: () => Promise<SiteReportClient | null>,
  apiKey = 'test-api-key',
  account = 'a1',
): ClientSource {
  const client = async (): Promise<AccountClient | null> => {
    const made = await get();
    return made && Object.assign(Object.create(made) as SiteReportClient, made, { accountId: account });
  };
  const saved = async () => {
    const made = await client();
    return made && { client: made, service: await serviceOf(made.baseUrl, apiKey, account) };
  };
  return {
    get: client,
    saved,
    forAccount: async (id) => (id === account ? saved() : null),
    reset: () => undefined,
  };
}
