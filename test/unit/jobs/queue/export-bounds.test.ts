// An export ends, and keeps its size, whatever the service sends: empty pages that claim a next
// one, pages that never run out, reports too big to keep.
import { describe, expect, it } from 'vitest';
import { MAX_EXPORT_REPORTS } from '../../../../lib/jobs/schema';
import { fakeClock, fakeService, storedJob, testQueue, wire } from './harness';

/** A list page as the service sends it, saying there is a next one. */
function pageWithNext(page: number, data: unknown[]) {
  return {
    status: 200,
    body: {
      data,
      links: { next: `https://service.example/api/v1/reports?page=${page + 1}` },
      meta: { current_page: page, per_page: 100 },
      status: 200,
    },
  };
}

const pageOf = (path: string) => Number(new URL(`https://x${path}`).searchParams.get('page'));

/** The service answers every list with `answer`, up to `most` times (then a last, empty page). */
function listing(most: number, answer: (page: number) => ReturnType<typeof pageWithNext>) {
  const clock = fakeClock();
  const service = fakeService({ clock });
  let lists = 0;
  service.script((method, path) => {
    if (method !== 'GET') return undefined;
    lists += 1;
    return lists > most
      ? { status: 200, body: { data: [], links: { next: null }, status: 200 } }
      : answer(pageOf(path));
  });
  return { clock, service, queue: testQueue({ clock, service }) };
}

describe('an export', () => {
  it('stops at an empty page, even when it names a next one', async () => {
    const { service, queue } = listing(50, (page) =>
      pageWithNext(page, page === 1 ? [wire(1, 'https://site.example/a')] : []),
    );
    const { id } = await queue.enqueue({
      kind: 'export',
      items: [{ type: 'listPage', params: { perPage: 100 } }],
    });
    await queue.idle();
    expect(service.count('GET')).toBe(2);
    const job = await storedJob(id);
    expect(job.state).toBe('done');
    expect(job.items).toHaveLength(2);
    expect(await queue.takeExport(id)).toHaveLength(1);
  });

  it('reads no more pages than the report cap needs, when each page is short', async () => {
    const pagesNeeded = MAX_EXPORT_REPORTS / 100;
    const { service, queue } = listing(pagesNeeded + 50, (page) =>
      pageWithNext(page, [wire(page, `https://site.example/${page}`)]),
    );
    const { id } = await queue.enqueue({
      kind: 'export',
      items: [{ type: 'listPage', params: { perPage: 100 } }],
    });
    await queue.idle();
    expect(service.count('GET')).toBe(pagesNeeded);
    const job = await storedJob(id);
    expect(job.items).toHaveLength(pagesNeeded);
    expect(job.error).toMatchObject({
      reason: 'exportCut',
      count: pagesNeeded,
      message: `Only the first ${pagesNeeded} reports were exported. Narrow the filters to export the rest.`,
    });
  });
});
