// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ErrorData } from '../../../lib/api/model';
import type { Answer } from '../../../lib/messaging/protocol';

import { storedSettingsSummary } from '../../../lib/settings/summary';
import { report } from '../../support/fixtures';
import {
  answeredTo,
  deferred,
  fail,
  ok,
  PAGE_TAB,
  renderPopup,
  requestsOf,
  status,
} from '../popup-helpers';

async function createButton() {
  return (await screen.findByRole('button', { name: 'Create report' })) as HTMLButtonElement;
}

function choosePrivacy(name: 'Public' | 'Private' | 'Password') {
  fireEvent.click(screen.getByRole('radio', { name }));
}

function typePassword(value: string) {
  fireEvent.input(screen.getByLabelText('Report password'), { target: { value } });
}

describe('This page: opening', () => {
  it('says it is loading until the background answers', async () => {
    const answer = deferred<Answer<'getStatus'>>();
    renderPopup({ handlers: { getStatus: () => answer.promise } });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading…');
    expect(screen.queryByRole('button', { name: 'Create report' })).toBeNull();
    answer.resolve(ok(status()));
    await createButton();
  });

  it('asks for the status of the active tab once, with its address', async () => {
    const { send } = renderPopup();
    await createButton();
    expect(requestsOf(send, 'getStatus')).toEqual([
      { type: 'getStatus', url: PAGE_TAB.url, tabId: PAGE_TAB.id },
    ]);
  });

  it('shows the page title and address', async () => {
    renderPopup();
    expect(await screen.findByRole('heading', { name: PAGE_TAB.title })).toBeTruthy();
    screen.getByText(PAGE_TAB.url as string);
  });

  it.each([
    ['the extension says it is not connected', () => ok(status({ connected: false }))],
    ['a request answers not_connected', () => fail('not_connected', 'Not connected.')],
  ])('shows Not connected when %s, with a button to the options page', async (_, answer) => {
    const { send, openOptions } = renderPopup({ handlers: { getStatus: answer } });
    expect(await screen.findByRole('heading', { name: 'Not connected yet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create report' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open options' }));
    expect(openOptions).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('shows a failed status request in an alert, and tries again on request', async () => {
    let calls = 0;
    const { send } = renderPopup({
      handlers: {
        getStatus: () =>
          ++calls === 1 ? fail('bad_message', 'The extension did not answer.') : ok(status()),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The extension did not answer.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await createButton();
    expect(requestsOf(send, 'getStatus')).toHaveLength(2);
  });

  it('starts with the default privacy from the options', async () => {
    renderPopup({ handlers: { getStatus: () => ok(status({ defaultPrivacy: 1 })) } });
    await createButton();
    expect(screen.getByRole('radio', { name: 'Private' })).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('Report password')).toBeNull();
  });
});

describe('This page: which pages can be reported', () => {
  it.each([
    ['chrome://settings/', 'browser'],
    ['about:blank', 'browser'],
    ['chrome-extension://abcdefgh/options.html', 'extension'],
    ['file:///home/me/page.html', 'files'],
    ['https://chromewebstore.google.com/detail/abc', 'store'],
    ['https://addons.mozilla.org/en-US/firefox/', 'store'],
  ])('explains %s and disables Create', async (url, reason) => {
    renderPopup({ tab: { id: 1, url, title: 'Some page' } });
    const create = await createButton();
    expect(create.disabled).toBe(true);
    const explanation = document.getElementById(
      create.getAttribute('aria-describedby') ?? '',
    )?.textContent;
    expect(explanation).toMatch(
      {
        browser: /browser's own pages/,
        extension: /browser extension/,
        files: /not files/,
        store: /store/,
      }[reason] as RegExp,
    );
  });

  it('explains that there is no page when the tab is unknown', async () => {
    renderPopup({ tab: undefined });
    const create = await createButton();
    expect(create.disabled).toBe(true);
    screen.getByText(/no web page open/);
  });

  it.each([
    'http://localhost:3000/',
    'http://192.168.1.20/admin',
    'http://[::1]:8080/',
    'http://printer.local/',
  ])('warns about the local address %s but allows Create', async (url) => {
    renderPopup({ tab: { id: 1, url, title: 'Local' } });
    const create = await createButton();
    expect(create.disabled).toBe(false);
    screen.getByText(/remote service may not be able to reach it/);
  });

  it('shows no warning for a public page', async () => {
    renderPopup();
    await createButton();
    expect(screen.queryByText(/remote service may not be able to reach it/)).toBeNull();
  });
});

describe('This page: creating a report', () => {
  it('creates with the chosen privacy, shows Analyzing… and then the outcome', async () => {
    const answer = deferred<Answer<'createReport'>>();
    const { send } = renderPopup({ handlers: { createReport: () => answer.promise } });
    await createButton();
    choosePrivacy('Private');
    fireEvent.click(await createButton());

    expect((await createButton()).disabled).toBe(true);
    screen.getByText('Analyzing…');
    expect(requestsOf(send, 'createReport')).toEqual([
      { type: 'createReport', input: { url: PAGE_TAB.url, privacy: 1 } },
    ]);

    answer.resolve(ok(report({ privacy: 1 })));
    expect(await screen.findByText('Good')).toBeTruthy();
    screen.getByText('score 87');
    const time = screen.getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(time.getAttribute('title')).toBeTruthy();
    screen.getByText(/Privacy: Private/);
    for (const name of ['Open report', 'Re-analyze', 'Change privacy', 'Delete']) {
      screen.getByRole('button', { name });
    }
    expect(screen.queryByText('Analyzing…')).toBeNull();
  });

  it('keeps showing Analyzing… while it waits for a rating that is not ready', async () => {
    const waited = deferred<Answer<'waitForResult'>>();
    const { send } = renderPopup({
      handlers: {
        createReport: () => ok(report({ rating: null, score: undefined, generatedAt: null })),
        waitForResult: () => waited.promise,
      },
    });
    fireEvent.click(await createButton());
    await waitFor(() =>
      expect(requestsOf(send, 'waitForResult')).toEqual([{ type: 'waitForResult', id: 42 }]),
    );
    screen.getByText('Analyzing…');
    waited.resolve(ok(report({ rating: 'decent', score: 61 })));
    expect(await screen.findByText('Decent')).toBeTruthy();
    expect(screen.queryByText('Analyzing…')).toBeNull();
  });

  it('shows the report as not rated yet when waiting fails, and says why', async () => {
    renderPopup({
      handlers: {
        createReport: () => ok(report({ rating: null, score: undefined, generatedAt: null })),
        waitForResult: () => fail('timeout', 'The service took too long.'),
      },
    });
    fireEvent.click(await createButton());
    expect(await screen.findByText('Not rated yet')).toBeTruthy();
    screen.getByText('Not generated yet');
    expect((await screen.findByRole('alert')).textContent).toContain('The service took too long.');
  });

  it('requires a password before Create when Password is chosen', async () => {
    const { send } = renderPopup({ handlers: { createReport: () => ok(report({ privacy: 2 })) } });
    const create = await createButton();
    expect(screen.queryByLabelText('Report password')).toBeNull();
    choosePrivacy('Password');
    const box = screen.getByLabelText('Report password') as HTMLInputElement;
    expect(box.type).toBe('password');
    expect(create.disabled).toBe(true);
    typePassword('s3cret');
    expect(create.disabled).toBe(false);
    typePassword('');
    expect(create.disabled).toBe(true);
    typePassword('s3cret');
    fireEvent.click(create);
    await screen.findByText('Good');
    expect(requestsOf(send, 'createReport')[0]?.input).toEqual({
      url: PAGE_TAB.url,
      privacy: 2,
      password: 's3cret',
    });
  });

  it('does not send a password when the privacy is not Password', async () => {
    const { send } = renderPopup({ handlers: { createReport: () => ok(report()) } });
    await createButton();
    choosePrivacy('Password');
    typePassword('typed');
    choosePrivacy('Public');
    fireEvent.click(await createButton());
    await screen.findByText('Good');
    expect(requestsOf(send, 'createReport')[0]?.input).toEqual({ url: PAGE_TAB.url, privacy: 0 });
  });
});

describe('This page: errors', () => {
  const kinds: [ErrorData['kind'], string][] = [
    ['invalid_input', 'The address is not valid.'],
    ['unauthorized', 'The API key was rejected: check it on the options page.'],
    ['forbidden', "The account's plan has no API access."],
    ['not_found', 'That no longer exists.'],
    ['server', 'The service failed; nothing was changed.'],
    ['network', 'The service could not be reached.'],
    ['timeout', 'The service did not answer in time.'],
    ['unexpected_response', 'That is not a Site Report API.'],
  ];

  it.each(kinds)('shows %s next to the form, which keeps its values', async (kind, message) => {
    renderPopup({ handlers: { createReport: () => fail(kind, message) } });
    await createButton();
    choosePrivacy('Password');
    typePassword('kept');
    fireEvent.click(await createButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't create the report.");
    expect(alert.textContent).toContain(message);
    expect(alert.closest('form')).toBe(
      screen.getByRole('button', { name: 'Create report' }).closest('form'),
    );
    expect(screen.getByRole('radio', { name: 'Password' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Report password')).toHaveProperty('value', 'kept');
    expect((await createButton()).disabled).toBe(false);
  });

  it('uses the sentence for the kind when the error has no message', async () => {
    renderPopup({ handlers: { createReport: () => fail('network') } });
    fireEvent.click(await createButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Couldn't reach the service. Check the connection.",
    );
  });

  it('offers the options page when the key was rejected', async () => {
    const { openOptions } = renderPopup({
      handlers: { createReport: () => fail('unauthorized', 'The API key was rejected.') },
    });
    fireEvent.click(await createButton());
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Open options' }));
    expect(openOptions).toHaveBeenCalledOnce();
  });

  it('says when to try again after a rate limit', async () => {
    renderPopup({
      handlers: {
        createReport: () =>
          fail('rate_limited', 'Too many requests.', { status: 429, retryAfterSeconds: 30 }),
      },
    });
    fireEvent.click(await createButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The service is limiting requests. Try again in 30 seconds.',
    );
    expect(alert.textContent?.match(/try again/gi)).toHaveLength(1);
  });

  it('asks to wait a minute after a rate limit with no retry time', async () => {
    renderPopup({
      handlers: {
        createReport: () => fail('rate_limited', 'Too many requests.', { status: 429 }),
      },
    });
    fireEvent.click(await createButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Wait a minute and try again.');
  });

  it('shows each field message next to its field', async () => {
    renderPopup({
      handlers: {
        createReport: () =>
          fail('validation', 'Some values were not accepted.', {
            status: 422,
            fieldErrors: {
              url: ['The url must be a valid URL.'],
              password: ['The password must be at least 6 characters.'],
              privacy: ['The selected privacy is invalid.'],
              other: ['Something else is wrong.'],
            },
          }),
      },
    });
    await createButton();
    choosePrivacy('Password');
    typePassword('abc');
    fireEvent.click(await createButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Some values were not accepted.');
    expect(alert.textContent).toContain('Something else is wrong.');
    // Field messages are beside their fields, not repeated in the alert.
    expect(alert.textContent).not.toContain('The password must be');

    const urlError = screen.getByText('The url must be a valid URL.');
    expect(urlError.closest('header')?.textContent).toContain(PAGE_TAB.url);

    const box = screen.getByLabelText('Report password');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const described = (box.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('The password must be at least 6 characters.');
    expect(box).toHaveProperty('value', 'abc');

    const group = screen.getByRole('radiogroup', { name: 'Privacy' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    within(group).getByText('The selected privacy is invalid.');
  });

  it('clears the alert when Create is tried again', async () => {
    let calls = 0;
    renderPopup({
      handlers: {
        createReport: () => (++calls === 1 ? fail('server', 'Service down.') : ok(report())),
      },
    });
    fireEvent.click(await createButton());
    await screen.findByRole('alert');
    fireEvent.click(await createButton());
    await screen.findByText('Good');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('This page: a report the extension already knows', () => {
  const cached = {
    reportId: 42,
    rating: 'bad' as const,
    score: 31,
    generatedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    privacy: 1 as const,
    seenAt: Date.now(),
  };

  it('shows the cached rating at once, then the refreshed one', async () => {
    const refresh = deferred<Answer<'getReport'>>();
    const { send } = renderPopup({
      handlers: {
        getStatus: () => ok(status({ cached })),
        getReport: () => refresh.promise,
      },
    });
    expect(await screen.findByText('Bad')).toBeTruthy();
    screen.getByText('2 hours ago');
    expect(screen.queryByRole('button', { name: 'Create report' })).toBeNull();
    expect(screen.queryByText('Analyzing…')).toBeNull();
    await waitFor(() =>
      expect(requestsOf(send, 'getReport')).toEqual([{ type: 'getReport', id: 42 }]),
    );
    screen.getByText('Bad');

    refresh.resolve(ok(report({ rating: 'good', privacy: 1 })));
    expect(await screen.findByText('Good')).toBeTruthy();
    expect(screen.queryByText('Bad')).toBeNull();
  });

  it('clears the outcome when the report is gone', async () => {
    renderPopup({
      handlers: {
        getStatus: () => ok(status({ cached })),
        getReport: () => fail('not_found', 'Resource not found.'),
      },
    });
    expect(await screen.findByRole('button', { name: 'Create report' })).toBeTruthy();
    expect(screen.queryByText('Bad')).toBeNull();
    screen.getByText('The report for this page no longer exists on the service.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not let a late refresh bring back a report the user deleted meanwhile', async () => {
    const refresh = deferred<Answer<'getReport'>>();
    const { send } = renderPopup({
      handlers: {
        getStatus: () => ok(status({ cached })),
        getReport: () => refresh.promise,
        deleteReport: () => ok({ id: 42 }),
      },
    });
    await screen.findByText('Bad');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Report deleted.')).toBeTruthy();

    refresh.resolve(ok(report({ rating: null })));
    await answeredTo(send, 'getReport');
    screen.getByRole('button', { name: 'Create report' });
    expect(screen.queryByText('Bad')).toBeNull();
    expect(screen.queryByText('Not rated yet')).toBeNull();
    expect(requestsOf(send, 'waitForResult')).toEqual([]);
  });

  it('keeps the cached rating quietly when the refresh fails', async () => {
    renderPopup({
      handlers: {
        getStatus: () => ok(status({ cached })),
        getReport: () => fail('network', 'Offline.'),
      },
    });
    expect(await screen.findByText('Bad')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    screen.getByText('Bad');
  });
});

describe('This page: the status from the background, asked again when the settings change', () => {
  const summary = {
    connected: true,
    account: 'a1',
    accounts: [{ id: 'a1', name: 'reports.example.com' }],
    serviceUrl: 'https://reports.example.com/api/v1',
    siteUrl: 'https://reports.example.com',
    defaultPrivacy: 1 as const,
    showBadge: true,
    contextMenu: true,
    notify: false,
  };
  const cached = {
    reportId: 42,
    rating: 'decent' as const,
    score: 66,
    generatedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    privacy: 0 as const,
    seenAt: Date.now(),
  };

  it('shows the cached rating the background names, then refreshes it once', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const { send, openTab } = renderPopup({
      handlers: {
        getStatus: () => ok({ ...summary, cached, queued: null }),
        getReport: () => ok(report({ id: 42, rating: 'decent' })),
      },
    });
    expect(await screen.findByText('Decent')).toBeTruthy();
    screen.getByText(PAGE_TAB.url as string);
    expect(requestsOf(send, 'getStatus')).toHaveLength(1);
    // Nothing stored is read (and checked) by the popup itself.
    expect(get).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(requestsOf(send, 'getReport')).toEqual([{ type: 'getReport', id: 42 }]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open report' }));
    expect(openTab).toHaveBeenCalledWith('https://reports.example.com/reports/42');
  });

  it('follows a settings change while open, and ignores one it does not show', async () => {
    let now = { ...summary };
    const { send } = renderPopup({
      handlers: {
        getStatus: () => ok({ ...now, cached, queued: null }),
        getReport: () => ok(report({ id: 42, rating: 'decent' })),
      },
    });
    await screen.findByText('Decent');
    await waitFor(() => expect(requestsOf(send, 'getReport')).toHaveLength(1));

    now = { ...summary, notify: true };
    await fakeBrowser.storage.local.set({ settingsSummary: storedSettingsSummary(now) });
    await waitFor(() => expect(requestsOf(send, 'getStatus')).toHaveLength(2));
    screen.getByText('Decent');
    expect(requestsOf(send, 'getReport')).toHaveLength(1);

    now = { ...summary, connected: false };
    await fakeBrowser.storage.local.set({ settingsSummary: storedSettingsSummary(now) });
    expect(await screen.findByRole('heading', { name: 'Not connected yet' })).toBeTruthy();
  });
});

describe('This page: the outcome', () => {
  async function withReport(handlers: Parameters<typeof renderPopup>[0] = {}) {
    const rendered = renderPopup({
      ...handlers,
      handlers: { createReport: () => ok(report()), ...handlers.handlers },
    });
    fireEvent.click(await createButton());
    await screen.findByText('Good');
    return rendered;
  }

  it('opens the report on the service in a new tab', async () => {
    const { openTab } = await withReport();
    fireEvent.click(screen.getByRole('button', { name: 'Open report' }));
    expect(openTab).toHaveBeenCalledWith('https://reports.example.com/reports/42');
  });

  it.each([null, 'javascript:alert(1)'])(
    'offers no Open report for the site %s',
    async (siteUrl) => {
      await withReport({ handlers: { getStatus: () => ok(status({ siteUrl })) } });
      expect(screen.queryByRole('button', { name: 'Open report' })).toBeNull();
    },
  );

  it('re-analyzes and shows the new rating', async () => {
    const again = deferred<Answer<'updateReport'>>();
    const { send } = await withReport({ handlers: { updateReport: () => again.promise } });
    fireEvent.click(screen.getByRole('button', { name: 'Re-analyze' }));
    screen.getByText('Analyzing…');
    expect(requestsOf(send, 'updateReport')).toEqual([
      { type: 'updateReport', id: 42, input: { results: true } },
    ]);
    again.resolve(ok(report({ rating: 'decent', score: 70 })));
    expect(await screen.findByText('Decent')).toBeTruthy();
    expect(screen.queryByText('Analyzing…')).toBeNull();
  });

  it('shows a failed re-analysis next to the outcome', async () => {
    await withReport({
      handlers: {
        updateReport: () => fail('rate_limited', 'Slow down.', { retryAfterSeconds: 90 }),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Re-analyze' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't re-analyze the report.");
    expect(alert.textContent).toContain('Try again in 90 seconds.');
    screen.getByText('Good');
  });

  it('changes the privacy, asking for a password when Password is chosen', async () => {
    const { send } = await withReport({
      handlers: { updateReport: () => ok(report({ privacy: 2, hasPassword: true })) },
    });
    const toggle = screen.getByRole('button', { name: 'Change privacy' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('radio', { name: 'Public' })).toHaveProperty('checked', true);
    choosePrivacy('Password');
    const save = screen.getByRole('button', { name: 'Save privacy' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    typePassword('new-secret');
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Privacy changed.')).toBeTruthy();
    expect(requestsOf(send, 'updateReport')).toEqual([
      { type: 'updateReport', id: 42, input: { privacy: 2, password: 'new-secret' } },
    ]);
    screen.getByText(/Privacy: Password/);
    expect(screen.queryByRole('button', { name: 'Save privacy' })).toBeNull();
  });

  it('keeps the privacy form and shows field messages when the change is refused', async () => {
    await withReport({
      handlers: {
        updateReport: () =>
          fail('validation', 'Not accepted.', { fieldErrors: { password: ['Too short.'] } }),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change privacy' }));
    choosePrivacy('Password');
    typePassword('x');
    fireEvent.click(screen.getByRole('button', { name: 'Save privacy' }));
    expect(await screen.findByText('Too short.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain("Couldn't change the privacy.");
    expect(screen.getByLabelText('Report password')).toHaveProperty('value', 'x');
  });

  it('asks before deleting; Cancel keeps the report', async () => {
    const { send } = await withReport({ handlers: { deleteReport: () => ok({ id: 42 }) } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this report?' });
    expect(dialog.textContent).toContain(`The report for ${report().url}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsOf(send, 'deleteReport')).toEqual([]);
    screen.getByText('Good');
  });

  it('closes the question on Escape without deleting', async () => {
    const { send } = await withReport({ handlers: { deleteReport: () => ok({ id: 42 }) } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsOf(send, 'deleteReport')).toEqual([]);
  });

  it.each([
    ['deleted', () => ok({ id: 42 }), 'Report deleted.'],
    [
      'already gone',
      () => fail('not_found', 'Resource not found.'),
      'That report had already been deleted.',
    ],
  ])('removes the outcome when the report is %s', async (_, answer, text) => {
    const { send } = await withReport({ handlers: { deleteReport: answer } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(requestsOf(send, 'deleteReport')).toEqual([{ type: 'deleteReport', id: 42 }]);
    expect(screen.queryByText('Good')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await createButton()).toBeTruthy();
  });

  it('keeps the outcome and says why when deleting fails', async () => {
    await withReport({ handlers: { deleteReport: () => fail('server', 'The service failed.') } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't delete the report.");
    screen.getByText('Good');
  });
});
