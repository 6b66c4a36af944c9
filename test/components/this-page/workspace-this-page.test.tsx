// @vitest-environment happy-dom
// The top of the workspace: the page in front and its rating from the rating cache, following
// tab switches and navigations — all from the browser's events and storage, never a message.
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { WINDOW } from '../../support/fake-tabs';
import { listPage } from '../../support/fixtures';
import { sleep } from '../../support/time';
import { ok } from '../popup-helpers';
import { CACHE, cached, cacheOf, PAGES, renderShell } from '../workspace/workspace-helpers';

const LISTS = { listReports: () => ok(listPage([])), listProjects: () => ok(listPage([])) };

function header() {
  return screen.getByRole('region', { name: 'This page' });
}

async function shows(text: string) {
  await waitFor(() => expect(header().textContent).toContain(text));
}

/** The requests sent, other than the Reports tab's own list. */
function sentOtherThanLists(send: { mock: { calls: [{ type: string }][] } }) {
  return send.mock.calls
    .map(([request]) => request.type)
    .filter((type) => type !== 'listReports' && type !== 'listProjects');
}

describe('This page', () => {
  it("shows the front page's title, address and cached rating", async () => {
    const { send } = await renderShell({ handlers: LISTS });
    await shows('Good');
    const region = header();
    expect(within(region).getByText('Known page')).toBeTruthy();
    expect(within(region).getByText('https://known.example/')).toBeTruthy();
    expect(region.textContent).toContain('5 minutes ago');
    // Only the status the workspace asks for as it opens.
    expect(sentOtherThanLists(send)).toEqual(['getStatus']);
  });

  it('follows tab switches and navigations with no message to the background', async () => {
    const { send, fakeTabs } = await renderShell({ handlers: LISTS });
    await shows('Good');

    fakeTabs.activate(2);
    await shows('New page');
    expect(header().textContent).toContain('https://new.example/a');
    expect(header().textContent).toContain('No report is known for this page yet.');
    expect(header().textContent).not.toContain('Good');

    // The front tab goes to a page the cache knows.
    fakeTabs.navigate(2, 'https://known.example/#section', 'Known again');
    await shows('Known again');
    await shows('Good');

    // A report becomes known while the page is in front (the background wrote the cache).
    fakeTabs.activate(3);
    await shows('http://untitled.example/');
    expect(header().textContent).toContain('Untitled page');
    await fakeBrowser.storage.local.set({
      ratingCache: cacheOf({ ...CACHE, 'http://untitled.example/': cached('bad', 12) }),
    });
    await shows('Bad');

    // Only the status the workspace asks for as it opens.
    expect(sentOtherThanLists(send)).toEqual(['getStatus']);
    expect(fakeTabs.query).not.toHaveBeenCalled();
  });

  it('ignores switches in other windows, and to the workspace itself when it is a tab', async () => {
    const { fakeTabs } = await renderShell({
      handlers: LISTS,
      tabs: [...PAGES, { id: 9, windowId: WINDOW, url: 'chrome-extension://x/sidepanel.html' }],
      place: { windowId: WINDOW, tabId: 9 },
    });
    await shows('Known page');
    fakeTabs.activate(5);
    fakeTabs.activate(9);
    await sleep(10);
    expect(header().textContent).toContain('Known page');
  });

  it("says so when the page in front isn't a web page, or there is none", async () => {
    const { fakeTabs } = await renderShell({ handlers: LISTS, front: undefined });
    await shows('No web page is in front in this window.');
    fakeTabs.activate(4);
    await shows('chrome://settings/');
    await shows('Only web pages (http:// or https://) can be reported.');
  });
});
