// @vitest-environment happy-dom
// The Watched tab: the watched pages with their rating, times, sparkline and change; the empty,
// loading and failed states; the schedule, Run now, Stop watching, the exports; and History,
// opened by its button or by the address (a notification's click).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WatchedView } from '../../../components/watch/WatchedView';
import type { ExportFile } from '../../../lib/reports/export';
import { readHash } from '../../../lib/reports/workspace-address';
import { deferred, fail, fakeSend, type Handlers, ok, requestsOf } from '../popup-helpers';
import { fakeReads, HOUR, overview, watchedPage, worse } from './watch-helpers';

beforeEach(() => {
  history.replaceState(null, '', '/sidepanel.html#tab=watched');
});
afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

function renderWatched(handlers: Handlers = {}, answers: Parameters<typeof fakeReads>[0] = {}) {
  const send = fakeSend(handlers);
  const reads = fakeReads(answers);
  const download = vi.fn<(file: ExportFile) => void>();
  const onChanged = vi.fn();
  const view = render(
    <WatchedView
      send={send}
      account={ACCOUNT}
      openOptions={vi.fn()}
      active
      revision={0}
      onChanged={onChanged}
      download={download}
      reads={reads}
    />,
  );
  return { ...view, send, reads, download, onChanged };
}

/** The account in use, which the watch list and history are read for. */
const ACCOUNT = 'a1';

const findList = () => screen.findByRole('list', { name: 'Watched pages' });

describe('the watched pages', () => {
  it('shows each with its rating, score, last and next analysis, and trend', async () => {
    renderWatched();
    const list = await findList();
    const rows = [...list.children];
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(first.textContent).toContain('https://site.example/a');
    expect(first.textContent).toContain('Good');
    expect(first.textContent).toContain('score 85');
    expect(first.textContent).toContain('Last analysed 3 hours ago');
    expect(first.textContent).toContain('next in 2 days');
    expect(
      within(first).getByRole('img', { name: 'Score rising from 40 to 85 over 3 analyses' }),
    ).toBeTruthy();
    within(first).getByRole('button', { name: 'History of https://site.example/a' });
    within(first).getByRole('button', { name: 'Stop watching https://site.example/a' });
  });

  it('says what changed: the rating, the checks now failing (most important first), those fixed', async () => {
    renderWatched();
    const list = await findList();
    const second = list.children[1] as HTMLElement;
    expect(second.textContent).toContain('Since the previous analysis');
    expect(second.textContent).toContain('Rating dropped from Good to Bad');
    expect(second.textContent).toContain('Now failing: Title and Favicon');
    expect(second.textContent).toContain('Fixed: Meta description');
    within(second).getByRole('img', { name: 'Score falling from 85 to 40 over 2 analyses' });
  });

  it('says how to start watching when nothing is watched', async () => {
    renderWatched({}, { overview: () => ok(overview({ pages: [], nextRunAt: null })) });
    expect((await screen.findByText(/^No page is watched yet/)).textContent).toContain(
      'Watch this page',
    );
    expect(screen.getByText('No run is planned while nothing is watched.')).toBeTruthy();
  });

  it('says it is loading, then shows a failure with Try again', async () => {
    const first = deferred<ReturnType<typeof fail>>();
    let calls = 0;
    renderWatched({}, { overview: () => (++calls === 1 ? first.promise : ok(overview())) });
    expect(screen.getByText('Loading the watched pages…').getAttribute('role')).toBe('status');
    first.resolve(fail('server', 'boom'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load the watched pages.");
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await findList();
  });

  it('Stop watching removes the page and reads the list again', async () => {
    let pages = overview().pages;
    const { send, onChanged } = renderWatched(
      {
        unwatchReports: ({ ids }) => {
          pages = pages.filter((page) => !ids.includes(page.reportId));
          return ok({ watched: pages.length });
        },
      },
      { overview: () => ok(overview({ pages })) },
    );
    await findList();
    fireEvent.click(screen.getByRole('button', { name: 'Stop watching https://site.example/a' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: /Stop watching https:\/\/site.example\/a$/ }),
      ).toBeNull(),
    );
    expect(requestsOf(send, 'unwatchReports')).toEqual([{ type: 'unwatchReports', ids: [1] }]);
    expect(screen.getByText('No longer watching https://site.example/a.')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });

  it('lists the watched projects, each with Stop watching', async () => {
    const { send } = renderWatched(
      { unwatchProject: ({ name }) => ok({ name }) },
      {
        overview: () =>
          ok(
            overview({
              projects: ['site.example'],
              pages: [watchedPage({ project: 'site.example' })],
            }),
          ),
      },
    );
    const projects = await screen.findByRole('list', { name: 'Watched projects' });
    expect((await findList()).textContent).toContain('Watched with project site.example');
    fireEvent.click(
      within(projects).getByRole('button', { name: 'Stop watching project site.example' }),
    );
    await waitFor(() => expect(requestsOf(send, 'unwatchProject')).toHaveLength(1));
  });
});

describe('the schedule', () => {
  it('shows Weekly, Monday and 06:00 by default and saves each change', async () => {
    const { send } = renderWatched({
      setSchedule: ({ schedule }) => ok({ schedule, nextRunAt: Date.now() + 5 * HOUR }),
    });
    await findList();
    const every = screen.getByRole('combobox', { name: 'Schedule' }) as HTMLSelectElement;
    const day = screen.getByRole('combobox', { name: 'Day' }) as HTMLSelectElement;
    const hour = screen.getByRole('combobox', { name: 'Hour' }) as HTMLSelectElement;
    expect([every.value, day.value, hour.value]).toEqual(['weekly', '1', '6']);
    expect([...every.options].map((option) => option.text)).toEqual(['Daily', 'Weekly']);
    expect([...day.options].map((option) => option.text)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(hour.options).toHaveLength(24);

    fireEvent.change(hour, { target: { value: '22' } });
    await waitFor(() => expect(screen.getByText(/^Next run in 5 hours/)).toBeTruthy());
    fireEvent.change(every, { target: { value: 'daily' } });
    await waitFor(() => expect(requestsOf(send, 'setSchedule')).toHaveLength(2));
    expect(requestsOf(send, 'setSchedule').map((request) => request.schedule)).toEqual([
      { every: 'weekly', day: 1, hour: 22 },
      { every: 'daily', day: 1, hour: 22 },
    ]);
    // Daily has no day to choose.
    expect(day.disabled).toBe(true);
  });

  it('says when saving fails', async () => {
    renderWatched({ setSchedule: () => fail('invalid_input', 'no') });
    await findList();
    fireEvent.change(screen.getByRole('combobox', { name: 'Schedule' }), {
      target: { value: 'daily' },
    });
    expect((await screen.findByRole('alert')).textContent).toContain("Couldn't save the schedule.");
  });
});

describe('Run now', () => {
  it('starts a run and says that it shows in Activity, with a way there', async () => {
    const { send } = renderWatched({ runWatchNow: () => ok({ id: 'job-1' }) });
    await findList();
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));
    expect(
      await screen.findByText('The run has started: its progress shows in Activity.'),
    ).toBeTruthy();
    expect(requestsOf(send, 'runWatchNow')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Show Activity' }));
    expect(readHash().tab).toBe('activity');
  });

  it('says when the run could not start', async () => {
    renderWatched({ runWatchNow: () => fail('rate_limited', '') });
    await findList();
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));
    expect((await screen.findByRole('alert')).textContent).toContain("Couldn't start the run.");
  });
});

describe('the exports', () => {
  const histories = [
    {
      reportId: 1,
      url: 'https://site.example/a',
      records: [{ at: Date.UTC(2026, 0, 1), result: 'good' as const, score: 85, failed: [] }],
    },
  ];

  it.each([
    ['Export history CSV', /^site-report-history-\d{4}-\d\d-\d\d\.csv$/, '"report_id"'],
    ['Export history JSON', /^site-report-history-\d{4}-\d\d-\d\d\.json$/, '"reportId": 1'],
  ])('%s downloads the history', async (button, name, content) => {
    const { download } = renderWatched({}, { histories: () => ok(histories) });
    await findList();
    fireEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const file = download.mock.calls[0]?.[0] as ExportFile;
    expect(file.name).toMatch(name);
    expect(file.text).toContain(content);
    expect(screen.getByText(/^Downloaded site-report-history-/).textContent).toContain(
      'history of 1 pages',
    );
  });
});

describe('History', () => {
  const records = [
    { at: Date.UTC(2026, 0, 1, 6), result: 'good' as const, score: 85, failed: [] },
    {
      at: Date.UTC(2026, 0, 8, 6),
      result: 'bad' as const,
      score: 40,
      failed: [{ key: 'title', importance: 'high' as const }],
    },
  ];
  const readHistory = (_service: string | null, id: number) =>
    ok({ reportId: id, url: `https://site.example/${id === 1 ? 'a' : 'b'}`, records });

  it('opens from a row: the analyses newest first, with the newly failing check and the score over time', async () => {
    renderWatched({}, { history: readHistory });
    await findList();
    fireEvent.click(screen.getByRole('button', { name: 'History of https://site.example/a' }));
    const region = await screen.findByRole('region', { name: 'History' });
    const list = await within(region).findByRole('list', { name: 'Analyses, newest first' });
    const items = [...list.children];
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Bad');
    expect(items[0]?.textContent).toContain('Failed: Title');
    expect(items[0]?.textContent).toContain('Now failing: Title');
    expect(items[1]?.textContent).toContain('No check failed');
    within(region).getByRole('img', { name: 'Score falling from 85 to 40 over 2 analyses' });
    expect(readHash().history).toBe('1');
    expect(document.activeElement?.textContent).toBe('History of https://site.example/a');

    fireEvent.click(within(region).getByRole('button', { name: 'Close history' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'History' })).toBeNull());
    expect(readHash().history).toBeUndefined();
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe(
        'History of https://site.example/a',
      ),
    );
  });

  it('opens from the address, as a notification click does', async () => {
    history.replaceState(null, '', '/sidepanel.html#tab=watched&history=2');
    const { reads } = renderWatched({}, { history: readHistory });
    const region = await screen.findByRole('region', { name: 'History' });
    await within(region).findByText('History of https://site.example/b');
    expect(reads.history.mock.calls).toEqual([[ACCOUNT, 2]]);
  });

  it('says when the history could not be read', async () => {
    history.replaceState(null, '', '/sidepanel.html#tab=watched&history=2');
    renderWatched({}, { history: () => fail('server', '') });
    const region = await screen.findByRole('region', { name: 'History' });
    expect((await within(region).findByRole('alert')).textContent).toContain(
      "Couldn't load the history.",
    );
  });
});

describe('a change with nothing to say', () => {
  it('says nothing changed', async () => {
    const same = { ...worse(), direction: 'unchanged' as const, nowFailing: [], fixed: [] };
    same.to = { ...same.from, at: same.to.at };
    renderWatched({}, { overview: () => ok(overview({ pages: [watchedPage({ change: same })] })) });
    expect(await screen.findByText('Nothing changed since the previous analysis.')).toBeTruthy();
  });
});
