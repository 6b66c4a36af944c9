// A run lists the watched projects before it takes the watch's lock: the watch can change while
// the service answers, and under the lock the run looks again at what decided it (the slot run
// by another wake meanwhile, the schedule, the projects, the service, a run already going).
import { describe, expect, it, vi } from 'vitest';
import { dropAccount } from '../../../lib/settings';
import { runDueSlot, runNow } from '../../../lib/watch/runs';
import { changeWatch, readWatch } from '../../../lib/watch/store';
import { ACCOUNT, page, type RunFakes, runFakes, setWatch } from './run-fakes';

const DAY = 86_400_000;

/** Project `shop` (reports 1 and 2 at the last list) and report 5 watched; a slot has come. */
async function watchingShop(fakes: RunFakes) {
  await setWatch((watch) => {
    watch.projects = ['shop'];
    watch.members.shop = [page(1), page(2)];
    watch.reports = [page(5)];
    watch.schedule = { every: 'daily', day: 1, hour: 6 };
    watch.lastSlot = fakes.clock() - 2 * DAY;
  });
}

/** Resolves once `promise` has settled (false while it has not). */
function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  return () => done;
}

const heldList = async (fakes: RunFakes, count = 1) =>
  vi.waitFor(() => expect(fakes.held).toHaveLength(count));

describe('while the projects are listed, the watch is not locked', () => {
  it('"Run now": a change of the watch goes through, and the run takes it', async () => {
    const fakes = await runFakes();
    await watchingShop(fakes);
    const run = runNow(fakes.deps);
    await heldList(fakes);
    const change = settled(
      changeWatch(ACCOUNT, (watch) => {
        watch.reports.push(page(9));
      }),
    );
    await vi.waitFor(() => expect(change()).toBe(true), { timeout: 2000 });
    fakes.held[0]?.release([1, 3]);
    await run;
    expect(fakes.queued.map((job) => job.ids.sort())).toEqual([[1, 3, 5, 9]]);
    expect((await readWatch(ACCOUNT)).members.shop).toEqual([page(1), page(3)]);
  });

  it('a scheduled run: a project no longer watched is neither kept nor run', async () => {
    const fakes = await runFakes();
    await watchingShop(fakes);
    const run = runDueSlot(fakes.deps);
    await heldList(fakes);
    const change = settled(
      changeWatch(ACCOUNT, (watch) => {
        watch.projects = [];
        delete watch.members.shop;
      }),
    );
    await vi.waitFor(() => expect(change()).toBe(true), { timeout: 2000 });
    fakes.held[0]?.release([1, 3]);
    expect(await run).toEqual(['run-1']);
    expect(fakes.queued.map((job) => job.ids)).toEqual([[5]]);
    expect((await readWatch(ACCOUNT)).members).toEqual({});
  });
});

describe('under the lock, the run looks again', () => {
  it('two wakes at once (the alarm and a start): one run of the slot', async () => {
    const fakes = await runFakes();
    await watchingShop(fakes);
    const wakes = [runDueSlot(fakes.deps), runDueSlot(fakes.deps)];
    await heldList(fakes, 2);
    for (const held of [...fakes.held]) held.release([1]);
    const ids = await Promise.all(wakes);
    expect(ids.flat()).toEqual(['run-1']);
    const slot = Date.parse('2026-11-20T06:00:00Z');
    expect(fakes.queued).toEqual([{ id: 'run-1', ids: [1, 5], slot }]);
    expect((await readWatch(ACCOUNT)).lastSlot).toBe(slot);
  });

  it('a new schedule saved meanwhile: the slot is no longer due, nothing runs', async () => {
    const fakes = await runFakes();
    await watchingShop(fakes);
    const run = runDueSlot(fakes.deps);
    await heldList(fakes);
    await changeWatch(ACCOUNT, (watch) => {
      watch.schedule = { every: 'weekly', day: 3, hour: 12 };
      watch.lastSlot = fakes.clock();
    });
    fakes.held[0]?.release([1]);
    expect(await run).toEqual([]);
    expect(fakes.queued).toEqual([]);
  });

  it('a project watched meanwhile keeps the reports listed for it', async () => {
    const fakes = await runFakes((project) => (project === 'blog' ? [7] : undefined));
    await watchingShop(fakes);
    const run = runNow(fakes.deps);
    await heldList(fakes);
    await changeWatch(ACCOUNT, (watch) => {
      watch.projects.push('blog');
      watch.members.blog = [page(7)];
    });
    fakes.held[0]?.release([1]);
    await run;
    expect((await readWatch(ACCOUNT)).members).toEqual({ shop: [page(1)], blog: [page(7)] });
    expect(fakes.queued[0]?.ids.sort()).toEqual([1, 5, 7]);
  });

  it('"Run now" twice at once: one run, the other refused as going', async () => {
    const fakes = await runFakes();
    fakes.keepGoing(true);
    await watchingShop(fakes);
    const first = runNow(fakes.deps);
    const second = runNow(fakes.deps);
    await heldList(fakes, 2);
    for (const held of [...fakes.held]) held.release([1]);
    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { data: { reason: 'runGoing' } },
    });
    expect(fakes.queued).toHaveLength(1);
  });

  it('the account removed meanwhile: nothing is queued for it', async () => {
    const fakes = await runFakes();
    await watchingShop(fakes);
    const run = runDueSlot(fakes.deps);
    const now = runNow(fakes.deps);
    await heldList(fakes, 2);
    await dropAccount(ACCOUNT);
    for (const held of [...fakes.held]) held.release([1]);
    expect(await run).toEqual([]);
    await expect(now).rejects.toMatchObject({ name: 'NotConnectedError' });
    expect(fakes.queued).toEqual([]);
  });
});
