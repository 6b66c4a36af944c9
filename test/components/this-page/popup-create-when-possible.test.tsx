// @vitest-environment happy-dom
// "Create when possible": a create refused for the rate limit, or that the background did not send
// because the browser is offline, handed to the background's queue from the popup; the popup then
// says it is queued and when it will be sent, follows the job in storage and shows the rating once
// it is there — also when it is opened again while the job waits (getStatus names it).
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ErrorData } from '../../../lib/api/model';
import type { Job, JobItem } from '../../../lib/jobs/schema';

import type { RequestOf } from '../../../lib/messaging/protocol';
import { report } from '../../support/fixtures';
import {
  fail,
  type Handlers,
  ok,
  PAGE_TAB,
  renderPopup,
  requestsOf,
  status,
} from '../popup-helpers';

const URL = PAGE_TAB.url as string;
const JOB_ID = 'job-1';
const BUTTON = 'Create when possible';

const rateLimited = (retryAfterSeconds?: number) =>
  fail('rate_limited', 'Too many requests.', {
    status: 429,
    ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
  });

function storeJobs(jobs: Job[]) {
  return fakeBrowser.storage.local.set({ jobs: { version: 1, jobs } });
}

function createJob(item: Partial<JobItem> = {}, job: Partial<Job> = {}): Job {
  return {
    id: JOB_ID,
    kind: 'create',
    state: 'waiting',
    createdAt: Date.now(),
    items: [{ op: { type: 'create', url: URL, privacy: 0 }, state: 'waiting', tabId: 7, ...item }],
    ...job,
  };
}

/** The summary a done create item holds (no results). */
function doneReport(overrides: Parameters<typeof report>[0] = {}) {
  const { results: _results, ...summary } = report(overrides);
  return summary;
}

/** The background's answer to a create it did not send: the browser was offline. */
const notSent = () =>
  fail('network', 'You are offline: the report was not sent.', { reason: 'notSent' });

function offline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

/**
 * A background that queues the create as the real one does: the job goes to storage (the popup
 * follows it there), and the answer says when the queue goes on.
 */
function queueHandler(answer: { resumeAt?: number } = {}): Handlers['enqueueJob'] {
  return async (request: RequestOf<'enqueueJob'>) => {
    const { tabId, ...op } = request.items[0] as RequestOf<'enqueueJob'>['items'][number] & {
      tabId?: number;
    };
    await storeJobs([
      createJob(
        { op: op as JobItem['op'], ...(tabId !== undefined && { tabId }) },
        answer.resumeAt === undefined ? {} : { resumeAt: answer.resumeAt },
      ),
    ]);
    return ok({ id: JOB_ID, ...answer });
  };
}

async function createButton() {
  return (await screen.findByRole('button', { name: 'Create report' })) as HTMLButtonElement;
}

/** Clicks Create and waits for its alert. */
async function failCreate(): Promise<HTMLElement> {
  fireEvent.click(await createButton());
  return screen.findByRole('alert');
}

/**
 * A wait of 40 seconds from when the test set it, said once as the popup shows it: 39 when over a
 * second went by before that (a busy machine).
 */
const QUEUED_FOR_40_SECONDS = /^Queued\. It will be sent in (39|40) seconds\.$/;

/** The status region that says the create is queued. */
async function queuedStatus(text: string | RegExp): Promise<HTMLElement> {
  const status = await screen.findByText(text);
  expect(status.getAttribute('role')).toBe('status');
  return status;
}

describe('Create when possible: when it is offered', () => {
  it('is offered after a rate limit, next to the alert in the create form', async () => {
    renderPopup({ handlers: { createReport: () => rateLimited(40) } });
    const alert = await failCreate();
    expect(alert.textContent).toContain('Try again in 40 seconds.');
    const button = await screen.findByRole('button', { name: BUTTON });
    expect(button.closest('form')).toBe(alert.closest('form'));
    expect((await createButton()).disabled).toBe(false);
  });

  it('is offered after a rate limit that gave no time', async () => {
    renderPopup({ handlers: { createReport: () => rateLimited() } });
    await failCreate();
    await screen.findByRole('button', { name: BUTTON });
  });

  it('is offered for a create the background did not send (offline), also once back online', async () => {
    renderPopup({ handlers: { createReport: notSent } });
    const alert = await failCreate();
    expect(alert.textContent).toContain('You are offline: the report was not sent.');
    await screen.findByRole('button', { name: BUTTON });
  });

  it('is not offered for a create that was sent and lost its answer, even once offline', async () => {
    offline();
    renderPopup({ handlers: { createReport: () => fail('network', '', { reason: 'network' }) } });
    await failCreate();
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
  });

  const others: [string, () => { ok: false; error: ErrorData }][] = [
    ['401', () => fail('unauthorized', 'The API key was rejected.', { status: 401 })],
    ['500', () => fail('server', 'The service failed.', { status: 500 })],
    ['a timeout', () => fail('timeout', 'The service took too long.')],
    ['a refused field', () => fail('validation', 'Not valid.', { status: 422 })],
    ['a network failure while online', () => fail('network')],
  ];
  it.each(others)('is not offered after %s', async (_, answer) => {
    renderPopup({ handlers: { createReport: answer } });
    await failCreate();
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
  });
});

describe('Create when possible: queueing', () => {
  it('sends the create to the queue with the form, the tab and the wait the service asked', async () => {
    const resumeAt = Date.now() + 40_000;
    const { send } = renderPopup({
      handlers: { createReport: () => rateLimited(40), enqueueJob: queueHandler({ resumeAt }) },
    });
    await createButton();
    fireEvent.click(screen.getByRole('radio', { name: 'Password' }));
    fireEvent.input(screen.getByLabelText('Report password'), { target: { value: 's3cret' } });
    await failCreate();
    fireEvent.click(await screen.findByRole('button', { name: BUTTON }));

    await queuedStatus(QUEUED_FOR_40_SECONDS);
    expect(requestsOf(send, 'enqueueJob')).toEqual([
      {
        type: 'enqueueJob',
        kind: 'create',
        items: [{ type: 'create', url: URL, privacy: 2, tabId: PAGE_TAB.id }],
        password: 's3cret',
        retryAfterSeconds: 40,
      },
    ]);
    // No second create: the form, its Create button and the alert are gone.
    expect(screen.queryByRole('button', { name: 'Create report' })).toBeNull();
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestsOf(send, 'createReport')).toHaveLength(1);
    // The focus is not left on the removed button.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: PAGE_TAB.title })),
    );
  });

  it('sends no password and no wait when there are none', async () => {
    const { send } = renderPopup({
      handlers: { createReport: () => rateLimited(), enqueueJob: queueHandler() },
    });
    await createButton();
    fireEvent.click(screen.getByRole('radio', { name: 'Private' }));
    await failCreate();
    fireEvent.click(await screen.findByRole('button', { name: BUTTON }));
    await queuedStatus('Queued. It will be sent shortly.');
    expect(requestsOf(send, 'enqueueJob')).toEqual([
      {
        type: 'enqueueJob',
        kind: 'create',
        items: [{ type: 'create', url: URL, privacy: 1, tabId: PAGE_TAB.id }],
      },
    ]);
  });

  it('says it will be sent when the browser is back online, after an offline failure', async () => {
    offline();
    const { send } = renderPopup({
      handlers: {
        createReport: notSent,
        enqueueJob: queueHandler({ resumeAt: Date.now() + 5_000 }),
      },
    });
    await failCreate();
    fireEvent.click(await screen.findByRole('button', { name: BUTTON }));
    await queuedStatus('Queued. It will be sent when the browser is back online.');
    expect(requestsOf(send, 'enqueueJob')[0]).not.toHaveProperty('retryAfterSeconds');
  });

  it('says why when the background refuses the job, and keeps the form', async () => {
    renderPopup({
      handlers: {
        createReport: () => rateLimited(40),
        enqueueJob: () => fail('bad_message', 'The extension did not answer.'),
      },
    });
    await failCreate();
    fireEvent.click(await screen.findByRole('button', { name: BUTTON }));
    const alert = await screen.findByText(/Couldn't queue the report\./);
    expect(alert.closest('[role=alert]')?.textContent).toContain('The extension did not answer.');
    expect((await createButton()).disabled).toBe(false);
  });
});

describe('Create when possible: following the queued create', () => {
  async function queue(handlers: Handlers = {}) {
    const view = renderPopup({
      handlers: {
        createReport: () => rateLimited(40),
        enqueueJob: queueHandler({ resumeAt: Date.now() + 40_000 }),
        ...handlers,
      },
    });
    await failCreate();
    fireEvent.click(await screen.findByRole('button', { name: BUTTON }));
    await queuedStatus(QUEUED_FOR_40_SECONDS);
    return view;
  }

  it('shows the rating like a create once the queue has made the report', async () => {
    const { send } = await queue();
    const sentAt = Date.now() - 12_000;
    await storeJobs([createJob({ state: 'running', sentAt }, { state: 'running' })]);
    // Sent: the service is analysing the page, for 12 seconds so far; Create waits.
    await screen.findByText('Analyzing…', { exact: false });
    expect(screen.getByRole('timer').textContent).toMatch(/^0:1[2-9]$/);
    expect(screen.getByRole('button', { name: 'Create report' })).toHaveProperty('disabled', true);

    await storeJobs([
      createJob({ state: 'done', report: doneReport({ rating: 'decent', score: 61 }) }),
    ]);
    const outcome = await screen.findByRole('region', { name: 'Report for this page' });
    within(outcome).getByText('Decent');
    within(outcome).getByText('5 minutes ago');
    for (const name of ['Open report', 'Re-analyze', 'Change privacy', 'Delete']) {
      within(outcome).getByRole('button', { name });
    }
    expect(screen.queryByText(/^Queued\./)).toBeNull();
    // The queue's answer is the report: nothing more was asked.
    expect(send.mock.calls.map(([request]) => request.type)).toEqual([
      'getStatus',
      'createReport',
      'enqueueJob',
    ]);
  });

  it('waits for the rating when the report came without one', async () => {
    const { send } = await queue({ waitForResult: () => ok(report({ rating: 'bad', score: 20 })) });
    await storeJobs([
      createJob({
        state: 'done',
        report: doneReport({ rating: null, score: undefined, generatedAt: null }),
      }),
    ]);
    const outcome = await screen.findByRole('region', { name: 'Report for this page' });
    await within(outcome).findByText('Bad');
    expect(requestsOf(send, 'waitForResult')).toEqual([{ type: 'waitForResult', id: 42 }]);
  });

  it('shows why when the queued create failed, with the form back', async () => {
    await queue();
    await storeJobs([
      createJob(
        {
          state: 'failed',
          error: {
            kind: 'validation',
            reason: 'validation',
            message: '',
            fieldErrors: { url: ['The url could not be fetched.'] },
          },
        },
        { state: 'failed' },
      ),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("The queued report couldn't be created.");
    screen.getByText('The url could not be fetched.');
    expect((await createButton()).disabled).toBe(false);
    expect(screen.queryByText(/^Queued\./)).toBeNull();
  });

  it('says so when the queued create was cancelled (from the workspace)', async () => {
    await queue();
    await storeJobs([createJob({ state: 'cancelled' }, { state: 'cancelled' })]);
    await screen.findByText('The queued report was cancelled.');
    await createButton();
  });

  it('says the new time when the queue has to wait again', async () => {
    await queue();
    await storeJobs([createJob({}, { state: 'running', resumeAt: Date.now() + 180_000 })]);
    await queuedStatus('Queued. It will be sent in 3 minutes.');
  });

  it('stops following when the popup closes', async () => {
    const added = vi.spyOn(fakeBrowser.storage.local.onChanged, 'addListener');
    const removed = vi.spyOn(fakeBrowser.storage.local.onChanged, 'removeListener');
    const { unmount } = await queue();
    expect(added).toHaveBeenCalled();
    unmount();
    await waitFor(() => {
      const left = added.mock.calls.filter(
        ([listener]) => !removed.mock.calls.some(([gone]) => gone === listener),
      );
      expect(left).toEqual([]);
    });
  });
});

describe('Create when possible: opening the popup again while the create waits', () => {
  /** getStatus names the create queued for the page. */
  const waiting = { getStatus: () => ok(status({ queued: { jobId: JOB_ID, index: 0 } })) };

  it('shows the queued create instead of offering Create, then its rating', async () => {
    await storeJobs([createJob({}, { resumeAt: Date.now() + 40_000 })]);
    const { send } = renderPopup({ handlers: waiting });
    await queuedStatus(QUEUED_FOR_40_SECONDS);
    expect(screen.queryByRole('button', { name: 'Create report' })).toBeNull();

    await storeJobs([createJob({ state: 'done', report: doneReport() })]);
    const outcome = await screen.findByRole('region', { name: 'Report for this page' });
    within(outcome).getByText('Good');
    expect(requestsOf(send, 'createReport')).toEqual([]);
  });

  it("follows the page's own create, sent before the popup closed, and says its failure as Create's", async () => {
    const sentAt = Date.now() - 12_000;
    const own = (item: Partial<JobItem>, job: Partial<Job> = {}) =>
      createJob({ state: 'running', sentAt, ...item }, { state: 'running', watched: true, ...job });
    await storeJobs([own({})]);
    renderPopup({
      handlers: {
        getStatus: () => ok(status({ queued: { jobId: JOB_ID, index: 0, watched: true } })),
      },
    });
    await screen.findByText(/^Analyzing/);
    expect((await createButton()).disabled).toBe(true);

    await storeJobs([
      own(
        {
          state: 'failed',
          error: {
            kind: 'validation',
            reason: 'validation',
            message: '',
            fieldErrors: { url: ['The url could not be fetched.'] },
          },
        },
        { state: 'failed' },
      ),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't create the report.");
    expect(alert.textContent).not.toContain('queued');
  });

  it('says a paused job holds it, and why', async () => {
    await storeJobs([
      createJob(
        {},
        {
          state: 'paused',
          pause: { kind: 'unauthorized', reason: 'unauthorized', message: '' },
        },
      ),
    ]);
    renderPopup({ handlers: waiting });
    await queuedStatus(/^Queued, but on hold: .*API key/);
  });

  it('offers Create when the job has finished since', async () => {
    await storeJobs([{ ...createJob({ state: 'done', report: doneReport() }), state: 'done' }]);
    renderPopup({ handlers: waiting });
    await screen.findByRole('region', { name: 'Report for this page' });
    expect(screen.queryByText(/^Queued/)).toBeNull();
  });

  it('offers Create, and reads no jobs, when nothing waits for the page', async () => {
    await storeJobs([createJob()]);
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    renderPopup();
    expect((await createButton()).disabled).toBe(false);
    await new Promise((done) => setTimeout(done, 20));
    expect(get).not.toHaveBeenCalledWith('jobs');
    expect(screen.queryByText(/^Queued/)).toBeNull();
  });
});
