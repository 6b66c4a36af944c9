// @vitest-environment happy-dom
// Open tabs: the window's web pages with a check box each, those with a known report showing
// their rating and starting unchecked; "Report selected tabs" hands one create job to the queue
// and its progress shows here, read from storage.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { WINDOW } from '../../support/fake-tabs';
import { listPage } from '../../support/fixtures';
import { deferred, fail, ok, requestsOf } from '../popup-helpers';
import { job, renderShell, storeJobs } from '../workspace/workspace-helpers';

async function openTabs(options: Parameters<typeof renderShell>[0] = {}) {
  history.replaceState(null, '', '#tab=open-tabs');
  const rendered = await renderShell(options);
  await screen.findByRole('list', { name: 'Web pages open in this window' });
  return rendered;
}

function box(name: string) {
  return screen.getByRole('checkbox', { name }) as HTMLInputElement;
}

function reportButton() {
  return screen.getByRole('button', { name: 'Report selected tabs' }) as HTMLButtonElement;
}

describe('Open tabs', () => {
  it("lists the window's web pages, each named by its title and address", async () => {
    await openTabs();
    const list = screen.getByRole('list', { name: 'Web pages open in this window' });
    expect(within(list).getAllByRole('checkbox')).toEqual([
      box('Known page — https://known.example/'),
      box('New page — https://new.example/a'),
      box('http://untitled.example/'),
    ]);
    // Not the browser's own pages, nor other windows' tabs.
    expect(screen.queryByRole('checkbox', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Elsewhere' })).toBeNull();
    expect(within(list).getByText('https://new.example/a')).toBeTruthy();
  });

  it('tells apart tabs that share a title by their addresses', async () => {
    const { fakeTabs } = await openTabs();
    fakeTabs.open({ id: 8, windowId: WINDOW, url: 'https://one.example/login', title: 'Login' });
    fakeTabs.open({ id: 9, windowId: WINDOW, url: 'https://two.example/login', title: 'Login' });
    expect(
      await screen.findByRole('checkbox', { name: 'Login — https://one.example/login' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'Login — https://two.example/login' }),
    ).toBeTruthy();
  });

  it('shows the rating of a page with a known report, and leaves it unchecked', async () => {
    await openTabs();
    const known = box('Known page — https://known.example/').closest('li') as HTMLElement;
    expect(within(known).getByText('Good')).toBeTruthy();
    expect(box('Known page — https://known.example/').checked).toBe(false);
    expect(box('New page — https://new.example/a').checked).toBe(true);
    expect(box('http://untitled.example/').checked).toBe(true);
    expect(screen.getByText('2 of 3 selected')).toBeTruthy();
  });

  it('reports the selected tabs as one job, with the default privacy', async () => {
    const { send } = await openTabs({
      summary: { defaultPrivacy: 1 },
      handlers: { enqueueJob: () => ok({ id: 'job-1' }) },
    });
    expect(screen.getByRole('radio', { name: 'Private' })).toHaveProperty('checked', true);
    fireEvent.click(box('http://untitled.example/'));
    fireEvent.click(box('Known page — https://known.example/'));
    fireEvent.click(reportButton());
    await waitFor(() => expect(requestsOf(send, 'enqueueJob')).toHaveLength(1));
    expect(requestsOf(send, 'enqueueJob')[0]).toEqual({
      type: 'enqueueJob',
      kind: 'create',
      items: [
        { type: 'create', url: 'https://known.example/', privacy: 1, tabId: 1 },
        { type: 'create', url: 'https://new.example/a', privacy: 1, tabId: 2 },
      ],
    });
  });

  it('asks for a report password with Password, and sends it once', async () => {
    const { send } = await openTabs({ handlers: { enqueueJob: () => ok({ id: 'job-1' }) } });
    fireEvent.click(screen.getByRole('radio', { name: 'Password' }));
    const password = screen.getByLabelText('Report password') as HTMLInputElement;
    expect(reportButton().disabled).toBe(true);
    fireEvent.input(password, { target: { value: 'hunter2' } });
    expect(reportButton().disabled).toBe(false);
    fireEvent.click(reportButton());
    await waitFor(() => expect(requestsOf(send, 'enqueueJob')).toHaveLength(1));
    expect(requestsOf(send, 'enqueueJob')[0]).toMatchObject({
      password: 'hunter2',
      items: [
        { privacy: 2, tabId: 2 },
        { privacy: 2, tabId: 3 },
      ],
    });
    // Never kept once sent.
    await waitFor(() =>
      expect((screen.getByLabelText('Report password') as HTMLInputElement).value).toBe(''),
    );
  });

  it('cannot report when nothing is selected', async () => {
    await openTabs();
    fireEvent.click(box('New page — https://new.example/a'));
    fireEvent.click(box('http://untitled.example/'));
    expect(screen.getByText('0 of 3 selected')).toBeTruthy();
    expect(reportButton().disabled).toBe(true);
  });

  it("shows the job's progress from storage, then its outcome", async () => {
    await openTabs({ handlers: { enqueueJob: () => ok({ id: 'job-1' }) } });
    fireEvent.click(reportButton());
    await storeJobs([job('job-1', 'create', 'running', { count: 2, done: 1 })]);
    const bar = await screen.findByRole('progressbar', { name: 'Report 2 pages' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(bar.getAttribute('aria-valuemax')).toBe('2');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    // Sent tabs stay unchecked.
    expect(box('New page — https://new.example/a').checked).toBe(false);

    await storeJobs([job('job-1', 'create', 'failed', { count: 2, done: 1, failed: 1 })]);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    const summary = screen
      .getAllByRole('status')
      .find((element) => element.textContent?.includes('1 reported'));
    expect(summary?.textContent).toBe('1 reported, 1 failed');
  });

  it('retries the failed tabs with the password given, which the page never shows again', async () => {
    const { send } = await openTabs({
      handlers: {
        enqueueJob: () => ok({ id: 'job-1' }),
        retryFailed: ({ id }) => ok({ id }),
      },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Password' }));
    fireEvent.input(screen.getByLabelText('Report password'), { target: { value: 'hunter2' } });
    fireEvent.click(reportButton());
    await waitFor(() => expect(requestsOf(send, 'enqueueJob')).toHaveLength(1));
    await storeJobs([job('job-1', 'create', 'failed', { count: 2, done: 1, failed: 1 })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry failed' }));
    await waitFor(() =>
      expect(requestsOf(send, 'retryFailed')).toEqual([
        { type: 'retryFailed', id: 'job-1', password: 'hunter2' },
      ]),
    );
    expect((screen.getByLabelText('Report password') as HTMLInputElement).value).toBe('');
  });

  it('has the Reports tab load its list again once the reports are made', async () => {
    const { send } = await renderShell({
      handlers: {
        enqueueJob: () => ok({ id: 'job-1' }),
        listReports: () => ok(listPage([])),
        listProjects: () => ok(listPage([])),
      },
    });
    await waitFor(() => expect(requestsOf(send, 'listReports')).toHaveLength(1));
    fireEvent.click(screen.getByRole('tab', { name: 'Open tabs' }));
    await screen.findByRole('list', { name: 'Web pages open in this window' });
    fireEvent.click(reportButton());
    await storeJobs([job('job-1', 'create', 'done', { count: 2, done: 2 })]);
    await screen.findByText('2 reported');
    fireEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    await waitFor(() => expect(requestsOf(send, 'listReports')).toHaveLength(2));
  });

  it('keeps the list current as tabs open and close', async () => {
    const { fakeTabs } = await openTabs();
    fakeTabs.open({ id: 7, windowId: WINDOW, url: 'https://opened.example/', title: 'Opened' });
    expect(
      await screen.findByRole('checkbox', { name: 'Opened — https://opened.example/' }),
    ).toBeTruthy();
    fakeTabs.close(2);
    await waitFor(() =>
      expect(
        screen.queryByRole('checkbox', { name: 'New page — https://new.example/a' }),
      ).toBeNull(),
    );
  });

  it('says why the job could not be queued, keeping the selection', async () => {
    const answer = deferred<ReturnType<typeof fail>>();
    await openTabs({ handlers: { enqueueJob: () => answer.promise } });
    fireEvent.click(reportButton());
    expect(reportButton().disabled).toBe(true);
    answer.resolve(fail('network', '', { reason: 'network' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't queue the reports.");
    expect(box('New page — https://new.example/a').checked).toBe(true);
    expect(reportButton().disabled).toBe(false);
  });
});

describe('Open tabs beside the plan', () => {
  const plan = (reportsPerMonth: number | 'unlimited') => ({
    getPlan: () => ok({ name: 'Pro', reportsPerMonth }),
    enqueueJob: () => ok({ id: 'job-1' }),
  });

  it('says how many reports the selection creates beside the monthly allowance', async () => {
    await openTabs({ handlers: plan(500) });
    expect(
      await screen.findByText('2 reports to create; your plan allows 500 a month'),
    ).toBeTruthy();
    fireEvent.click(box('New page — https://new.example/a'));
    expect(
      await screen.findByText('1 report to create; your plan allows 500 a month'),
    ).toBeTruthy();
    expect(reportButton().disabled).toBe(false);
  });

  it('refuses a selection larger than the allowance, the button saying why', async () => {
    const { send } = await openTabs({ handlers: plan(1) });
    const reason = await screen.findByText(
      '2 reports to create; your plan allows 1 a month. Select at most 1.',
    );
    const button = reportButton();
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(button);
    fireEvent.click(box('New page — https://new.example/a'));
    await waitFor(() => expect(reportButton().disabled).toBe(false));
    expect(reportButton().getAttribute('aria-describedby')).toBeNull();
    expect(requestsOf(send, 'enqueueJob')).toEqual([]);
  });

  it('says an unlimited plan allows the job', async () => {
    await openTabs({ handlers: plan('unlimited') });
    expect(
      await screen.findByText('2 reports to create; your plan allows unlimited reports'),
    ).toBeTruthy();
    expect(reportButton().disabled).toBe(false);
  });

  it('says nothing of the plan when the service does not tell it', async () => {
    const { send } = await openTabs();
    await waitFor(() => expect(requestsOf(send, 'getPlan')).toHaveLength(1));
    expect(screen.queryByText(/to create; your plan/)).toBeNull();
    expect(reportButton().disabled).toBe(false);
  });
});
