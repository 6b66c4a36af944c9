// A client source for tests that hand the handlers a client of their own: `saved()` pairs it with
// the service of `apiKey`, as the real source pairs a client with the settings it was built from.
import type { SiteReportClient } from '../../lib/api';
import { serviceOf } from '../../lib/jobs/service';
import type { ClientSource } from '../../lib/service/client-source';

export function clientSource(
  get: () => Promise<SiteReportClient | null>,
  apiKey = 'test-api-key',
): ClientSource {
  return {
    get,
    async saved() {
      const client = await get();
      return client && { client, service: await serviceOf(client.baseUrl, apiKey) };
    },
    reset: () => undefined,
  };
}
