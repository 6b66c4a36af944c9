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
  // One wrapper per client, as the real source keeps one client per account.
  const wrapped = new WeakMap<SiteReportClient, AccountClient>();
  const client = async (): Promise<AccountClient | null> => {
    const made = await get();
    if (!made) return null;
    let own = wrapped.get(made);
    if (!own) {
      own = Object.assign(Object.create(made) as SiteReportClient, made, { accountId: account });
      wrapped.set(made, own);
    }
    return own;
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
