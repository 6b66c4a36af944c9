// The background's known-pages lookup takes its client and the service its jobs are matched by
// from one read of the saved settings: a change between two reads never pairs one key's client
// with another key's jobs.
import { describe, expect, it, vi } from 'vitest';
import type { SiteReportClient } from '../../../lib/api';
import { createHandlerDeps } from '../../../lib/background/deps';
import { handlers } from '../../../lib/background/handlers';
import { jobsItem } from '../../../lib/jobs/schema';
import { serviceOf } from '../../../lib/jobs/service';
import { DEFAULT_SETTINGS } from '../../../lib/settings/schema';

const BASE = 'https://service.test/api/v1';
const PAGE = 'https://site.test/queued';

describe('findKnownPages (background)', () => {
  it('reads the settings once: the client and the jobs’ service are of the same key', async () => {
    const service = await serviceOf(BASE, 'key-1', 'a1');
    await jobsItem.setValue({
      version: 1,
      jobs: [
        {
          id: 'j1',
          kind: 'audit',
          state: 'running',
          createdAt: 1,
          service,
          items: [{ op: { type: 'create', url: PAGE, privacy: 0 }, state: 'waiting' }],
        },
      ],
    });
    // The key changes right after the first read.
    let reads = 0;
    const loadSettings = vi.fn(async () => {
      const apiKey = ++reads === 1 ? 'key-1' : 'key-2';
      const account = { id: 'a1', name: 'service.test', serviceUrl: BASE, siteUrl: '', apiKey };
      return {
        settings: { ...DEFAULT_SETTINGS, serviceUrl: BASE, apiKey },
        locked: [],
        account,
        accounts: [account],
      };
    });
    const keys: string[] = [];
    const createClient = vi.fn(({ apiKey }: { baseUrl: string; apiKey: string }) => {
      keys.push(apiKey);
      return {
        baseUrl: BASE,
        reports: {
          list: async () => ({ items: [], page: 1, perPage: 100, hasNext: false }),
        },
      } as unknown as SiteReportClient;
    });
    const deps = createHandlerDeps({
      loadSettings: loadSettings as never,
      createClient,
      hasHostAccess: async () => true,
    });
    const answer = await handlers.findKnownPages({ type: 'findKnownPages', urls: [PAGE] }, deps);
    expect(keys).toEqual(['key-1']);
    expect(answer).toMatchObject({ known: [], queued: [PAGE], unknown: [], unchecked: [] });
  });
});
