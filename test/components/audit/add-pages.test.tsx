// @vitest-environment happy-dom
// Add pages: host access is asked for in the click before the fetch and never waited on when the
// fetch works; a pasted list's junk is listed with reasons; known pages start unchecked and are
// re-analyzed when chosen; a preview of thousands of addresses renders a page of boxes at a time;
// more than 10,000 selected is refused with a word on how to narrow.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddPagesView } from '../../../components/audit/AddPagesView';
import type { KnownPage } from '../../../lib/audit/known';
import { selectionLinksItem } from '../../../lib/reach/selection-links';
import { fail, fakeSend, type Handlers, ok, requestsOf } from '../popup-helpers';

const SITEMAP = `<urlset><url><loc>https://site.test/a</loc></url><url><loc>https://site.test/b</loc></url></urlset>`;

function view(
  handlers: Handlers = {},
  known: KnownPage[] = [],
  queued: string[] = [],
  more: { unknown?: string[]; unchecked?: string[] } = {},
) {
  const send = fakeSend({
    getPlan: () => ok(null),
    findKnownPages: () =>
      ok({
        known,
        queued,
        unknown: more.unknown ?? [],
        unchecked: more.unchecked ?? [],
        complete: !more.unchecked?.length,
      }),
    ...handlers,
  });
  const order: string[] = [];
  const permissions = {
    request: vi.fn(() => {
      order.push('request');
      return new Promise<boolean>(() => {});
    }),
    contains: vi.fn(async () => false),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      order.push('fetch');
      return new Response(SITEMAP);
    }),
  );
  render(
    <AddPagesView
      send={send}
      defaultPrivacy={0}
      openOptions={() => {}}
      onChanged={() => {}}
      permissions={permissions}
    />,
  );
  return { send, permissions, order };
}

function paste(text: string) {
  fireEvent.input(screen.getByRole('textbox', { name: 'Addresses' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Read list' }));
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Add pages', () => {
  it('shows the links of a selection, with their count, and looks up which have a report', async () => {
    await selectionLinksItem.setValue({
      addresses: ['https://site.test/a', 'https://site.test/b'],
    });
    const { send } = view({}, [
      { url: 'https://site.test/a', reportId: 4, rating: 'good', reportUrl: 'https://site.test/a' },
    ]);
    await screen.findByText(
      '2 addresses from the links in your selection. Check them below, then report the ones you want.',
    );
    expect(await screen.findByText('2 addresses')).toBeTruthy();
    await waitFor(() => expect(box('https://site.test/a').checked).toBe(false));
    expect(box('https://site.test/b').checked).toBe(true);
    expect(requestsOf(send, 'findKnownPages')).toHaveLength(1);
    expect(await selectionLinksItem.getValue(), 'taken once').toBeNull();
  });

  it('asks for the sitemap’s origin in the click, fetches at once, and does not wait on the answer', async () => {
    const { permissions, order } = view();
    fireEvent.input(screen.getByRole('textbox', { name: 'Sitemap address' }), {
      target: { value: 'https://site.test/sitemap.xml' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Read sitemap' }));
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['https://site.test/*'] });
    expect(await screen.findByText('2 addresses')).toBeTruthy();
    expect(order).toEqual(['request', 'fetch']);
  });

  it('shows the count before it sends the addresses to be looked up', async () => {
    let shownWhenAsked: boolean | undefined;
    const { send } = view({
      findKnownPages: () => {
        shownWhenAsked = document.body.textContent?.includes('2 addresses');
        return ok({ known: [], queued: [], unknown: [], unchecked: [], complete: true });
      },
    });
    paste('https://site.test/a\nhttps://site.test/b');
    await waitFor(() => expect(requestsOf(send, 'findKnownPages')).toHaveLength(1));
    expect(shownWhenAsked).toBe(true);
  });

  it('lists the junk lines of a pasted list with their reasons', async () => {
    view();
    paste('https://site.test/a\nftp://x.test/\nhello\nhttps://site.test/a');
    const region = await screen.findByRole('region', { name: 'Not added' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 2: ftp://x.test/ (not http(s))',
      'Line 3: hello (not an address)',
      'Line 4: https://site.test/a (duplicate)',
    ]);
    expect(screen.getByText('1 address')).toBeTruthy();
  });

  it('leaves known pages unchecked, and re-analyzes them when chosen', async () => {
    const known = [
      {
        url: 'https://site.test/a',
        reportId: 5,
        rating: 'good' as const,
        reportUrl: 'https://site.test/a',
      },
    ];
    const { send } = view({ enqueueJob: () => ok({ id: 'job-1' }) }, known);
    paste('https://site.test/a\nhttps://site.test/b');
    await screen.findByText('1 of them has a report on this service: it starts unchecked.');
    expect(box('https://site.test/a').checked).toBe(false);
    expect(box('https://site.test/b').checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Re-analyze pages that have a report' }));
    expect(box('https://site.test/a').checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Report selected pages' }));
    await waitFor(() => expect(requestsOf(send, 'enqueueJob')).toHaveLength(1));
    expect(requestsOf(send, 'enqueueJob')[0]).toEqual({
      type: 'enqueueJob',
      kind: 'audit',
      items: [
        { type: 'update', id: 5, results: true },
        { type: 'create', url: 'https://site.test/b', privacy: 0 },
      ],
    });
  });

  it('pages a long preview, narrows it, and refuses more than 10,000 pages in one job', async () => {
    view();
    const many = Array.from({ length: 10_001 }, (_, n) => `https://site.test/p${n}`);
    paste(many.join('\n'));
    await screen.findByText('10,001 addresses');
    const list = screen.getByRole('list', { name: 'Addresses to report' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(50);
    const button = screen.getByRole('button', {
      name: 'Report selected pages',
    }) as HTMLButtonElement;
    await waitFor(() => expect(screen.getByText(/one job takes at most 10,000/)).toBeTruthy());
    expect(button.disabled).toBe(true);
    fireEvent.input(screen.getByRole('spinbutton', { name: 'At most' }), {
      target: { value: '100' },
    });
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.input(screen.getByRole('searchbox', { name: 'Address contains' }), {
      target: { value: 'p9999' },
    });
    expect(
      within(screen.getByRole('list', { name: 'Addresses to report' })).getAllByRole('checkbox'),
    ).toHaveLength(1);
  });

  it('sends nothing while the known-pages lookup failed, says why in an alert, and asks again', async () => {
    let lookups = 0;
    const known = [
      {
        url: 'https://site.test/a',
        reportId: 5,
        rating: 'good' as const,
        reportUrl: 'https://site.test/a',
      },
    ];
    const { send } = view({
      findKnownPages: () =>
        ++lookups === 1
          ? fail('rate_limited', '', { retryAfterSeconds: 30 })
          : ok({ known, queued: [], unknown: [], unchecked: [], complete: true }),
      enqueueJob: () => ok({ id: 'job-1' }),
    });
    paste('https://site.test/a\nhttps://site.test/b');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('pages that have a report could be created twice');
    const button = screen.getByRole('button', {
      name: 'Report selected pages',
    }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(requestsOf(send, 'enqueueJob')).toHaveLength(0);

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('1 of them has a report on this service: it starts unchecked.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box('https://site.test/a').checked).toBe(false);
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(requestsOf(send, 'enqueueJob')).toHaveLength(1));
    expect(requestsOf(send, 'enqueueJob')[0]?.items).toEqual([
      { type: 'create', url: 'https://site.test/b', privacy: 0 },
    ]);
  });

  it('leaves pages whose create is queued already unchecked, and says they are queued', async () => {
    const { send } = view({ enqueueJob: () => ok({ id: 'job-2' }) }, [], ['https://site.test/a']);
    paste('https://site.test/a\nhttps://site.test/b');
    await screen.findByText('1 of them is queued to be reported already: it starts unchecked.');
    expect(box('https://site.test/a').checked).toBe(false);
    expect(box('https://site.test/a').closest('li')?.textContent).toContain('Queued');
    expect(box('https://site.test/b').checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Report selected pages' }));
    await waitFor(() => expect(requestsOf(send, 'enqueueJob')).toHaveLength(1));
    expect(requestsOf(send, 'enqueueJob')[0]?.items).toEqual([
      { type: 'create', url: 'https://site.test/b', privacy: 0 },
    ]);
  });

  it('starts the pages the lookup could not check unchecked, and says so', async () => {
    const { send } = view({ enqueueJob: () => ok({ id: 'job-3' }) }, [], [], {
      unchecked: ['https://site.test/a'],
    });
    paste('https://site.test/a\nhttps://site.test/b');
    await screen.findByText(/1 of them could not be checked for a report/);
    expect(box('https://site.test/a').checked).toBe(false);
    expect(box('https://site.test/a').closest('li')?.textContent).toContain('Not checked');
    expect(box('https://site.test/b').checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Report selected pages' }));
    await waitFor(() => expect(requestsOf(send, 'enqueueJob')).toHaveLength(1));
    expect(requestsOf(send, 'enqueueJob')[0]?.items).toEqual([
      { type: 'create', url: 'https://site.test/b', privacy: 0 },
    ]);
  });

  it('says "Outcome unknown", not "Queued", of a create its job left unsettled', async () => {
    view({}, [], [], { unknown: ['https://site.test/a'] });
    paste('https://site.test/a\nhttps://site.test/b');
    await screen.findByText(/whether its report was made is unknown/);
    const row = box('https://site.test/a').closest('li');
    expect(row?.textContent).toContain('Outcome unknown');
    expect(row?.textContent).not.toContain('Queued');
    expect(box('https://site.test/a').checked).toBe(false);
    expect(box('https://site.test/b').checked).toBe(true);
  });

  it('names a line longer than 2,048 characters under "Not added"', async () => {
    view();
    const long = `https://site.test/${'x'.repeat(2048)}`;
    paste(`https://site.test/a\n${long}`);
    const region = await screen.findByRole('region', { name: 'Not added' });
    expect(within(region).getByRole('listitem').textContent).toMatch(
      /^Line 2: https:\/\/site\.test\/x+… \(longer than 2,048 characters\)$/,
    );
    expect(screen.getByText('1 address')).toBeTruthy();
  });

  it('skips a child sitemap that is not found, names it under "Not added", and keeps the rest', async () => {
    view();
    const INDEX = `<sitemapindex><sitemap><loc>https://site.test/gone.xml</loc></sitemap><sitemap><loc>https://site.test/pages.xml</loc></sitemap></sitemapindex>`;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/gone.xml')
          ? new Response('Not found', { status: 404 })
          : new Response(url.endsWith('/index.xml') ? INDEX : SITEMAP),
      ),
    );
    fireEvent.input(screen.getByRole('textbox', { name: 'Sitemap address' }), {
      target: { value: 'https://site.test/index.xml' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Read sitemap' }));
    expect(await screen.findByText('2 addresses')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Not added' });
    expect(within(region).getByRole('listitem').textContent).toBe(
      'sitemap https://site.test/gone.xml: 404',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cancels a read whose body never ends: the forms are usable again, and it says so', async () => {
    view();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('<urlset>'));
              },
            }),
          ),
      ),
    );
    const read = screen.getByRole('button', { name: 'Read sitemap' }) as HTMLButtonElement;
    fireEvent.input(screen.getByRole('textbox', { name: 'Sitemap address' }), {
      target: { value: 'https://site.test/stalled.xml' },
    });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(read);
    await screen.findByText('Reading…');
    expect(read.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Reading stopped. Nothing was added.');
    expect(read.disabled).toBe(false);
    expect((screen.getByLabelText('Load file') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
