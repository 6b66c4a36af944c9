// Wire bodies as the contract shows them, and a client wired to the test server with instant,
// recorded waits so retry and polling tests take no real time.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createSiteReportClient, type SiteReportClientOptions } from '../../../lib/api';
import { wireReport } from '../../support/fixtures';
import { type ScriptedService, startScriptedService } from '../../support/scripted-service';

export const KEY = 'sr_live_S3cr3tKey_0123456789abcdef';

export const reportBody = (overrides: Record<string, unknown> = {}) => ({
  data: wireReport(overrides),
  status: 200,
});

/** Starts one server per test file; each test starts with no requests and no script. */
export function useServer() {
  const context = {} as {
    server: ScriptedService;
    waits: number[];
    client(options?: Partial<SiteReportClientOptions>): ReturnType<typeof createSiteReportClient>;
  };
  beforeAll(async () => {
    context.server = await startScriptedService();
  });
  afterAll(() => context.server.close());
  beforeEach(() => {
    context.server.reset();
    context.waits = [];
  });
  context.client = (options = {}) =>
    createSiteReportClient({
      baseUrl: context.server.baseUrl,
      apiKey: KEY,
      sleep: async (ms) => {
        context.waits.push(ms);
      },
      ...options,
    });
  return context;
}

/** The rejection of `promise`, failing the test if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, got a result');
}
