// The Reports list as last shown, kept in storage.session: read back only for the same list and
// only when it can be rendered; writing and forgetting never fail the page.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReportSummaryPage } from '../../../lib/api/model';
import { forgetLastPage, keepLastPage, readLastPage } from '../../../lib/reports/last-page';

const KEY = JSON.stringify({ sortBy: 'id', sort: 'desc', perPage: 10, page: 1 });

const page: ReportSummaryPage = {
  items: [
    {
      id: 7,
      url: 'https://site.example/a',
      project: 'site.example',
      rating: 'good',
      score: 91,
      privacy: 0,
      hasPassword: false,
      generatedAt: '2026-11-20T10:00:00Z',
      createdAt: '2026-11-20T09:59:00Z',
      updatedAt: '2026-11-20T10:00:00Z',
    },
  ],
  page: 1,
  perPage: 10,
  total: 1,
  lastPage: 1,
  hasNext: false,
};

const SERVICE = 'https://reports.example.com/api/v1';
const kept = { key: KEY, service: SERVICE, data: page };

describe('the last shown page', () => {
  it('is read back for the same list, with the service it came from', async () => {
    await keepLastPage(kept);
    await expect(readLastPage(KEY)).resolves.toEqual(kept);
    await keepLastPage({ ...kept, service: null });
    await expect(readLastPage(KEY)).resolves.toEqual({ ...kept, service: null });
  });

  it('is nothing for another list, or when none was kept', async () => {
    await expect(readLastPage(KEY)).resolves.toBeUndefined();
    await keepLastPage(kept);
    const other = JSON.stringify({
      result: 'bad',
      sortBy: 'id',
      sort: 'desc',
      perPage: 10,
      page: 1,
    });
    await expect(readLastPage(other)).resolves.toBeUndefined();
  });

  it('is nothing when what is stored could not be rendered', async () => {
    const stored = { version: 1, key: KEY, service: SERVICE, data: page };
    const broken = [
      'text',
      { ...stored, version: 2 },
      { ...stored, service: undefined },
      { ...stored, service: 7 },
      { ...stored, data: { ...page, items: 'none' } },
      { ...stored, data: { ...page, items: [{ id: '7', url: 'https://site.example/a' }] } },
      { ...stored, data: { ...page, items: [{ id: 7 }] } },
      { ...stored, data: { ...page, hasNext: undefined } },
    ];
    for (const value of broken) {
      await fakeBrowser.storage.session.set({ workspaceLastPage: value });
      await expect(readLastPage(KEY)).resolves.toBeUndefined();
    }
  });

  it('is replaced by the next page kept: one list at a time', async () => {
    const other = JSON.stringify({ sortBy: 'id', sort: 'desc', perPage: 10, page: 2 });
    await keepLastPage(kept);
    await keepLastPage({ ...kept, key: other, data: { ...page, page: 2 } });
    await expect(readLastPage(KEY)).resolves.toBeUndefined();
    await expect(readLastPage(other)).resolves.toMatchObject({ data: { page: 2 } });
  });

  it('is forgotten', async () => {
    await keepLastPage(kept);
    await forgetLastPage();
    await expect(readLastPage(KEY)).resolves.toBeUndefined();
    await expect(forgetLastPage()).resolves.toBeUndefined();
  });

  it('never fails the page when storage does', async () => {
    const session = fakeBrowser.storage.session;
    vi.spyOn(session, 'get').mockRejectedValue(new Error('no session storage'));
    vi.spyOn(session, 'set').mockRejectedValue(new Error('quota'));
    vi.spyOn(session, 'remove').mockRejectedValue(new Error('gone'));
    await expect(readLastPage(KEY)).resolves.toBeUndefined();
    await expect(keepLastPage(kept)).resolves.toBeUndefined();
    await expect(forgetLastPage()).resolves.toBeUndefined();
  });
});
