// Jobs against a service that answers a change or delete of a missing report with 403 (CONTRACT.md
// "403 on one report"): a delete of a gone report counts as done, a re-analysis or privacy change
// of one fails "no longer exists" and is forgotten; a refusal of an existing report fails that
// item with the service's words and pauses nothing.
import { describe, expect, it } from 'vitest';
import {
  deletes,
  fakeClock,
  fakeService,
  itemStates,
  recordedEffects,
  storedJob,
  testQueue,
  urls,
} from './harness';

function setup() {
  const clock = fakeClock();
  const service = fakeService({ clock, missingReport: 403 });
  const { calls, effects } = recordedEffects();
  return { service, calls, queue: testQueue({ clock, service, effects }) };
}

const GONE = 404_404;

describe('a 403 on one report in a job', () => {
  it('of a bulk delete, the report gone: done (already gone), and forgotten', async () => {
    const { service, calls, queue } = setup();
    const ids = service.seed(urls(2));
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes([...ids, GONE]) });
    await queue.idle();
    expect(await itemStates(id)).toEqual(['done', 'done', 'done']);
    expect((await storedJob(id)).state).toBe('done');
    expect(calls).toContainEqual(['forget', { id: GONE }]);
    expect(service.log.map(({ method, path }) => `${method} ${path}`)).toContain(
      `GET /reports/${GONE}`,
    );
  });

  it.each([
    ['re-analysis', 'reanalyze', { results: true }],
    ['privacy change', 'privacy', { privacy: 1 }],
  ] as const)(
    'of a %s, the report gone: fails "no longer exists", is forgotten, pauses nothing',
    async (_name, kind, change) => {
      const { service, calls, queue } = setup();
      const [kept] = service.seed(urls(1));
      const { id } = await queue.enqueue({
        kind,
        items: [
          { type: 'update', id: GONE, ...change },
          { type: 'update', id: kept as number, ...change },
        ],
      });
      await queue.idle();
      const job = await storedJob(id);
      expect(job.state).toBe('failed');
      expect(job.pause).toBeUndefined();
      expect(job.items.map((item) => item.state)).toEqual(['failed', 'done']);
      expect(job.items[0]?.error).toMatchObject({
        kind: 'not_found',
        reason: 'reportGone',
        message: 'That report no longer exists.',
      });
      expect(calls).toContainEqual(['forget', { id: GONE }]);
    },
  );

  it('of a change refused for another reason: that item fails with the service’s words', async () => {
    const { service, calls, queue } = setup();
    const [locked, other] = service.seed(urls(2));
    service.script((method, path) =>
      method === 'PUT' && path === `/reports/${locked}`
        ? { status: 403, body: { message: 'This report is locked.' } }
        : undefined,
    );
    const { id } = await queue.enqueue({
      kind: 'reanalyze',
      items: [
        { type: 'update', id: locked as number, results: true },
        { type: 'update', id: other as number, results: true },
      ],
    });
    await queue.idle();
    const job = await storedJob(id);
    expect(job.items.map((item) => item.state)).toEqual(['failed', 'done']);
    expect(job.pause).toBeUndefined();
    expect(job.items[0]?.error).toMatchObject({
      kind: 'forbidden',
      reason: 'reportRefused',
      serviceMessage: 'This report is locked.',
      message: 'The service refused this for the report: This report is locked.',
    });
    expect(calls).not.toContainEqual(['forget', { id: locked }]);
    // A later job goes on: nothing was paused.
    const next = await queue.enqueue({ kind: 'delete', items: deletes([other as number]) });
    await queue.idle();
    expect(await itemStates(next.id)).toEqual(['done']);
  });
});
