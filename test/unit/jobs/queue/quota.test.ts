// The monthly quota (CONTRACT.md "Quota"): after a quota refusal a job stops sending creates;
// those it did not send are failed as "not sent" (Retry failed sends them later), and so are the
// waiting creates of the other jobs of the same service. Other refusals and other work go on.
import { describe, expect, it } from 'vitest';
import { plansItem } from '../../../../lib/account/plans';
import { MAX_IN_FLIGHT } from '../../../../lib/jobs/queue/pacer';
import { notSentCount } from '../../../../lib/jobs/schema';
import { serviceOf } from '../../../../lib/jobs/service';
import {
  fakeClock,
  fakeService,
  itemStates,
  QUOTA_REFUSAL,
  recordedEffects,
  START,
  storedJob,
  TEST_API_KEY,
  TEST_BASE_URL,
  testQueue,
  urls,
} from './harness';

function setup(options: { quota?: number } = {}) {
  const clock = fakeClock();
  const service = fakeService({ clock, ...options });
  const { calls, effects } = recordedEffects();
  return { clock, service, calls, effects, queue: testQueue({ clock, service, effects }) };
}

const creates = (addresses: string[]) =>
  addresses.map((url) => ({ type: 'create' as const, url, privacy: 0 as const }));

const posted = (service: ReturnType<typeof fakeService>) =>
  service.log.filter((entry) => entry.method === 'POST').map((entry) => entry.form.get('url'));

describe('a quota refusal in a job of creates', () => {
  it('stops its creates: the rest are failed as "not sent", the job ends failed', async () => {
    const { service, queue } = setup({ quota: 2 });
    const { id } = await queue.enqueue({ kind: 'create', items: creates(urls(8)) });
    await queue.idle();

    expect(service.count('POST', 201)).toBe(2);
    // Only the creates already under way when the first refusal came are refused too.
    expect(service.count('POST', 422)).toBeGreaterThanOrEqual(1);
    expect(service.count('POST', 422)).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    const job = await storedJob(id);
    expect(job.state).toBe('failed');
    const refused = job.items.filter((item) => item.error?.reason === 'validation');
    const notSent = job.items.filter((item) => item.error?.reason === 'quotaNotSent');
    expect(job.items.filter((item) => item.state === 'done')).toHaveLength(2);
    expect(refused.length + notSent.length).toBe(6);
    expect(notSentCount(job)).toBe(notSent.length);
    expect(notSent.length).toBe(8 - service.count('POST'));
    for (const item of [...refused, ...notSent]) expect(item.state).toBe('failed');
    expect(refused[0]?.error?.message).toBe(
      'The service did not accept the values sent: You created too many reports.',
    );
    expect(notSent[0]?.error?.message).toBe(
      'Not sent: the monthly report quota is used up. Retry failed sends it later.',
    );
    // Those not sent never reached the service.
    const sent = new Set(posted(service));
    for (const item of notSent) {
      expect(item.op.type === 'create' && sent.has(item.op.url)).toBe(false);
    }
  });

  it('leaves them for Retry failed, which sends them once the quota allows', async () => {
    const { service, queue } = setup();
    let allowed = 1;
    service.script((method) => {
      if (method !== 'POST') return undefined;
      if (allowed > 0) {
        allowed -= 1;
        return undefined;
      }
      return QUOTA_REFUSAL;
    });
    const { id } = await queue.enqueue({ kind: 'create', items: creates(urls(5)) });
    await queue.idle();
    expect((await storedJob(id)).state).toBe('failed');
    expect(service.reports.size).toBe(1);

    allowed = 100;
    await queue.retryFailed(id);
    await queue.idle();
    expect(await itemStates(id)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect((await storedJob(id)).state).toBe('done');
    expect(service.reports.size).toBe(5);
  });

  it('stops the waiting creates of the other jobs of the same service, not their other work', async () => {
    const { service, queue } = setup({ quota: 1 });
    const [seeded] = service.seed(['https://seeded.example/']);
    // Every job is queued before the first answers come.
    service.hold();
    const first = await queue.enqueue({
      kind: 'create',
      items: creates(urls(3, 'https://first.example/page')),
    });
    const second = await queue.enqueue({
      kind: 'create',
      items: creates(urls(2, 'https://second.example/page')),
    });
    const reanalyze = await queue.enqueue({
      kind: 'reanalyze',
      items: [{ type: 'update', id: seeded as number, results: true }],
    });
    service.hold(false);
    service.release(true);
    await queue.idle();

    expect(service.count('POST', 201)).toBe(1);
    expect(posted(service).some((url) => url?.startsWith('https://second.example/'))).toBe(false);
    const later = await storedJob(second.id);
    expect(later.state).toBe('failed');
    expect(later.items.map((item) => item.error?.reason)).toEqual(['quotaNotSent', 'quotaNotSent']);
    expect((await storedJob(first.id)).state).toBe('failed');
    expect(await itemStates(reanalyze.id)).toEqual(['done']);
  });

  it('tells each not-sent create’s tab that it ended', async () => {
    const { calls, queue } = setup({ quota: 0 });
    await queue.enqueue({
      kind: 'create',
      items: urls(3).map((url, index) => ({ type: 'create', url, privacy: 0, tabId: index + 1 })),
    });
    await queue.idle();
    const finished = calls.filter((call) => call[0] === 'tabCreate' && call[1] === 'finished');
    expect(finished.map((call) => call[2]).sort()).toEqual([1, 2, 3]);
    expect(finished.every((call) => call[3] === 'failed')).toBe(true);
  });

  it('is not a fetch error that names an address of reports with a limit: the job goes on', async () => {
    const { service, queue } = setup();
    const [bad] = urls(1, 'https://x.test/latest');
    const said = 'Could not fetch https://x.test/reports?limit=10: too many redirects';
    service.script((method) =>
      method === 'POST' && service.log.at(-1)?.form.get('url') === bad
        ? { status: 422, body: { message: { url: [said] }, status: 422 } }
        : undefined,
    );
    const { id } = await queue.enqueue({
      kind: 'create',
      items: creates([bad as string, ...urls(4)]),
    });
    await queue.idle();

    expect(await itemStates(id)).toEqual(['failed', 'done', 'done', 'done', 'done']);
    const job = await storedJob(id);
    expect(notSentCount(job)).toBe(0);
    expect(job.items[0]?.error?.message).toBe(
      `The service did not accept the values sent: ${said}`,
    );
    expect(service.count('POST', 201)).toBe(4);
  });

  it('is not what a page the service cannot fetch is: the job goes on', async () => {
    const { service, queue } = setup();
    const [bad] = urls(1, 'https://unreachable.example/page');
    service.script((method, _path) =>
      method === 'POST' && service.log.at(-1)?.form.get('url') === bad
        ? {
            status: 422,
            body: { message: { url: ['getaddrinfo ENOTFOUND unreachable.example'] }, status: 422 },
          }
        : undefined,
    );
    const { id } = await queue.enqueue({
      kind: 'create',
      items: creates([bad as string, ...urls(3)]),
    });
    await queue.idle();
    expect(await itemStates(id)).toEqual(['failed', 'done', 'done', 'done']);
    expect(notSentCount(await storedJob(id))).toBe(0);
  });
});

describe('the plan kept from GET /account', () => {
  // A deployment that says the quota in words of its own (another language, say).
  const OWN_WORDS = {
    status: 422,
    body: { message: { url: ['Monatliches Kontingent erschöpft.'] } },
  };

  /** The plan kept for the queue's account, asked with its key. */
  async function keepPlan(reportsPerMonth: number | 'unlimited') {
    const { key } = await serviceOf(TEST_BASE_URL, TEST_API_KEY, 'a1');
    await plansItem.setValue({
      [`a1 ${TEST_BASE_URL} ${key}`]: {
        plan: { name: 'Pro', reportsPerMonth },
        checkedAt: START,
        url: TEST_BASE_URL,
        key,
      },
    });
  }

  it('allowing no reports a month: any refusal of a create’s url is the quota', async () => {
    const { service, queue } = setup();
    await keepPlan(0);
    service.script((method) => (method === 'POST' ? OWN_WORDS : undefined));
    const { id } = await queue.enqueue({ kind: 'create', items: creates(urls(6)) });
    await queue.idle();
    const job = await storedJob(id);
    expect(job.state).toBe('failed');
    expect(notSentCount(job)).toBe(6 - service.count('POST'));
    expect(service.count('POST')).toBeLessThanOrEqual(MAX_IN_FLIGHT);
  });

  it('allowing reports: those words are that page’s own error, and the other creates go on', async () => {
    const { service, queue } = setup();
    await keepPlan(500);
    const [bad] = urls(1, 'https://refused.example/page');
    service.script((method) =>
      method === 'POST' && service.log.at(-1)?.form.get('url') === bad ? OWN_WORDS : undefined,
    );
    const { id } = await queue.enqueue({
      kind: 'create',
      items: creates([bad as string, ...urls(3)]),
    });
    await queue.idle();
    expect(await itemStates(id)).toEqual(['failed', 'done', 'done', 'done']);
    expect(notSentCount(await storedJob(id))).toBe(0);
  });
});
