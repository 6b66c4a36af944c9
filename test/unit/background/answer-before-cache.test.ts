// A page of reports is answered before the rating cache has taken it (lib/background/handlers.ts,
// `followedBy`): the read and write of the whole cache are not on the way to a list's rows. The
// cache is still updated, and handleMessage's own promise waits for that.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SiteReportClient } from '../../../lib/api';
import { handleMessage, messageListener } from '../../../lib/background/handlers';
import { getCachedRating } from '../../../lib/rating/cache';
import { depsWithClient, modelReport, ownPage } from './fixtures';

const REPORT = modelReport();
const PAGE = { items: [REPORT], page: 1, perPage: 10, total: 1, hasNext: false };
const LIST = { type: 'listReports', params: {} };
const SENDER = ownPage('/sidepanel.html');

function deps() {
  const client = { reports: { list: vi.fn(async () => PAGE) } } as unknown as SiteReportClient;
  return depsWithClient(client);
}

/** Holds every write to storage.local until `release` is called. */
function holdWrites() {
  const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation((async (items: never) => {
    await released;
    return set(items);
  }) as typeof fakeBrowser.storage.local.set);
  return () => release();
}

describe('listReports', () => {
  it('is answered while the cache is still being written', async () => {
    const release = holdWrites();
    const answer = await messageListener(deps())(LIST, SENDER);
    expect(answer).toMatchObject({ ok: true, data: { total: 1 } });
    // Not in the cache yet: its write waits.
    expect(await getCachedRating(REPORT.url)).toBeNull();
    release();
    await vi.waitFor(async () =>
      expect(await getCachedRating(REPORT.url)).toMatchObject({ reportId: 7, rating: 'good' }),
    );
  });

  it("handleMessage's promise resolves once the cache has it", async () => {
    const release = holdWrites();
    const answered = vi.fn();
    let done = false;
    const handled = handleMessage(LIST, SENDER, deps(), answered).then((answer) => {
      done = true;
      return answer;
    });
    await vi.waitFor(() => expect(answered).toHaveBeenCalledTimes(1));
    expect(done).toBe(false);
    release();
    expect(await handled).toEqual(answered.mock.calls[0]?.[0]);
    expect(await getCachedRating(REPORT.url)).toMatchObject({ reportId: 7 });
  });
});
