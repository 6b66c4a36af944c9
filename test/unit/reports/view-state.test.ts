import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  changeFilters,
  createPopupStateStore,
  DEFAULT_POPUP_STATE,
  DEFAULT_REPORT_FILTERS,
  parsePopupState,
} from '../../../lib/reports/view-state';

describe('parsePopupState', () => {
  it.each([undefined, null, 'text', 42, [], {}])('gives the defaults for %j', (raw) => {
    expect(parsePopupState(raw)).toEqual(DEFAULT_POPUP_STATE);
  });

  it('keeps valid fields and drops invalid ones, one by one', () => {
    const state = parsePopupState({
      reports: {
        search: 'blog',
        result: 'excellent',
        project: 'example.com',
        sortBy: 'url',
        sort: 'sideways',
        perPage: 30,
        page: 4,
      },
      projects: { search: 3, sortBy: 'project', sort: 'asc', perPage: 100 },
    });
    expect(state.reports).toEqual({
      ...DEFAULT_REPORT_FILTERS,
      search: 'blog',
      project: 'example.com',
      sortBy: 'url',
    });
    expect(state.projects).toEqual({
      search: '',
      sortBy: 'project',
      sort: 'asc',
      perPage: 100,
      page: 1,
    });
  });

  it('starts every opening on page 1', () => {
    expect(parsePopupState({ reports: { page: 9 } }).reports.page).toBe(1);
  });
});

describe('changeFilters', () => {
  it('goes back to page 1 on any change but the page', () => {
    const onPage3 = { ...DEFAULT_REPORT_FILTERS, page: 3 };
    expect(changeFilters(onPage3, { result: 'bad' })).toMatchObject({ result: 'bad', page: 1 });
    expect(changeFilters(onPage3, { page: 4 })).toMatchObject({ page: 4 });
  });
});

describe('createPopupStateStore', () => {
  it("saves to storage.local under 'popupState' and reads it back", async () => {
    const store = createPopupStateStore();
    expect(await store.load()).toEqual(DEFAULT_POPUP_STATE);
    const state = {
      ...DEFAULT_POPUP_STATE,
      reports: { ...DEFAULT_REPORT_FILTERS, result: 'decent' as const, page: 2 },
    };
    await store.save(state);
    expect((await fakeBrowser.storage.local.get('popupState')).popupState).toEqual(state);
    expect((await store.load()).reports).toEqual({ ...state.reports, page: 1 });
  });

  it('falls back to the defaults when storage fails, and ignores a failed save', async () => {
    vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValue(new Error('no storage'));
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('quota'));
    const store = createPopupStateStore();
    expect(await store.load()).toEqual(DEFAULT_POPUP_STATE);
    await expect(store.save(DEFAULT_POPUP_STATE)).resolves.toBeUndefined();
  });
});

describe('the filters of an account', () => {
  const searched = {
    ...DEFAULT_POPUP_STATE,
    reports: { ...DEFAULT_POPUP_STATE.reports, search: 'shop', project: 'shop.example' },
  };

  it('are its own: another account reads the defaults, its own reads them back', async () => {
    await createPopupStateStore('a1').save(searched);
    expect(await createPopupStateStore('a2').load()).toEqual(DEFAULT_POPUP_STATE);
    expect((await createPopupStateStore('a1').load()).reports).toMatchObject({
      search: 'shop',
      project: 'shop.example',
    });
  });

  it('stored before accounts (none named) are kept by the account that opens them first', () => {
    expect(parsePopupState({ ...searched }, 'a1').reports.search).toBe('shop');
    expect(parsePopupState({ ...searched, account: 'a1' }, 'a2')).toEqual(DEFAULT_POPUP_STATE);
  });
});
