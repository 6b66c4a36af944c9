// @vitest-environment happy-dom
// The popup's This page: Watch this page / Stop watching this page from the status's watch state
// (no request of its own), and what changed since the previous analysis when the status knows it.
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { PageWatch } from '../../../lib/watch/model';
import { summary } from '../../support/fixtures';
import {
  fail,
  type Handlers,
  ok,
  PAGE_TAB,
  renderPopup,
  requestsOf,
  status,
} from '../popup-helpers';
import { worse } from './watch-helpers';

const GENERATED = '2026-11-20T09:15:02.000Z';
const CACHED = {
  reportId: 42,
  rating: 'bad' as const,
  score: 40,
  generatedAt: GENERATED,
  seenAt: Date.now(),
};

/** The quiet read of the shown report finds it as the cache knows it. */
const getReport = ({ id }: { id: number }) =>
  ok(summary({ id, url: PAGE_TAB.url, rating: 'bad', score: 40, generatedAt: GENERATED }));

function renderWithWatch(watch: PageWatch | null, handlers: Handlers = {}) {
  return renderPopup({
    handlers: { getStatus: () => ok(status({ cached: CACHED, watch })), getReport, ...handlers },
  });
}

describe('Watch this page', () => {
  it('watches the page shown, then offers to stop', async () => {
    const { send } = renderWithWatch(
      { watching: false, change: null },
      {
        watchReports: () => ok({ watched: 1 }),
        unwatchReports: () => ok({ watched: 0 }),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Watch this page' }));
    const stop = await screen.findByRole('button', { name: 'Stop watching this page' });
    expect(requestsOf(send, 'watchReports')).toEqual([
      { type: 'watchReports', reports: [{ id: 42, url: PAGE_TAB.url }] },
    ]);
    fireEvent.click(stop);
    await screen.findByRole('button', { name: 'Watch this page' });
    expect(requestsOf(send, 'unwatchReports')).toEqual([{ type: 'unwatchReports', ids: [42] }]);
    // The state came with the status: nothing else was asked for it. (Why this rating reads its
    // details after the first paint, whenever the page is idle: not the watch's.)
    const asked = send.mock.calls.map(([request]) => request.type);
    expect(new Set(asked.filter((type) => type !== 'getReportDetails'))).toEqual(
      new Set(['getStatus', 'getReport', 'watchReports', 'unwatchReports']),
    );
  });

  it('shows Stop watching for a watched page, and says when it fails', async () => {
    renderWithWatch({ watching: true, change: null }, { unwatchReports: () => fail('server', '') });
    fireEvent.click(await screen.findByRole('button', { name: 'Stop watching this page' }));
    expect((await screen.findByRole('alert')).textContent).toContain("Couldn't watch the page.");
    expect(screen.getByRole('button', { name: 'Stop watching this page' })).toBeTruthy();
  });

  it('is not offered while the page has no report', async () => {
    renderPopup();
    await screen.findByRole('button', { name: 'Create report' });
    expect(screen.queryByRole('button', { name: 'Watch this page' })).toBeNull();
  });

  it('says what changed since the previous analysis', async () => {
    renderWithWatch({ watching: true, change: worse() });
    expect(await screen.findByText('Rating dropped from Good to Bad')).toBeTruthy();
    expect(screen.getByText('Now failing: Title and Favicon')).toBeTruthy();
    expect(screen.getByText('Fixed: Meta description')).toBeTruthy();
  });

  it('keeps the change while the quiet read finds the same analysis, written another way', async () => {
    renderWithWatch(
      { watching: true, change: worse() },
      {
        getReport: ({ id }) =>
          ok(
            summary({
              id,
              url: PAGE_TAB.url,
              rating: 'bad',
              generatedAt: '2026-11-20T09:15:02.000000Z',
            }),
          ),
      },
    );
    await screen.findByRole('button', { name: 'Stop watching this page' });
    expect(await screen.findByText('Rating dropped from Good to Bad')).toBeTruthy();
  });

  it('drops the change, not the watch, once the page was analysed again since', async () => {
    renderWithWatch(
      { watching: true, change: worse() },
      {
        getReport: ({ id }) =>
          ok(
            summary({
              id,
              url: PAGE_TAB.url,
              rating: 'good',
              generatedAt: '2026-11-21T10:00:00.000Z',
            }),
          ),
      },
    );
    await waitFor(() =>
      expect(screen.getByText('Good', { selector: '.rating-word' })).toBeTruthy(),
    );
    expect(await screen.findByRole('button', { name: 'Stop watching this page' })).toBeTruthy();
    expect(screen.queryByText('Rating dropped from Good to Bad')).toBeNull();
  });

  it('works without a watch state in the status (a background that does not tell it)', async () => {
    renderPopup({ handlers: { getStatus: () => ok(status({ cached: CACHED })), getReport } });
    await screen.findByRole('button', { name: 'Watch this page' });
    await waitFor(() => expect(screen.queryByText('Since the previous analysis')).toBeNull());
  });
});
