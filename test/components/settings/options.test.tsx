// @vitest-environment happy-dom
// The options page, driven by role and accessible name. Test connection goes through the real
// background handler and API client to a local stand-in service.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../../entrypoints/options/App';
import { createSiteReportClient } from '../../../lib/api';
import { createHandlerDeps } from '../../../lib/background/deps';
import { handleMessage } from '../../../lib/background/handlers';
import type { Sender } from '../../../lib/messaging/send';
import { loadSettings, saveSettings } from '../../../lib/settings';
import { HTML_PAGE, wireList } from '../../support/fixtures';
import { type ScriptedService, startScriptedService } from '../../support/scripted-service';

const KEY = 'sr_test_key_0123456789';
let stub: ScriptedService;
let request: ReturnType<typeof vi.fn>;

beforeAll(async () => {
  stub = await startScriptedService();
});
afterAll(() => stub.close());
afterEach(cleanup);

beforeEach(() => {
  stub.reset();
  stub.on(() => ({ body: wireList([], 27) }));
  // By default the browser's prompt never answers, as in headless Chromium.
  request = vi.fn(() => new Promise<boolean>(() => undefined));
  vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation(request as never);
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
});

const send: Sender = (message) =>
  handleMessage(
    message,
    { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') },
    createHandlerDeps({
      createClient: (options) =>
        createSiteReportClient({ ...options, retryDelayMs: 1, timeoutMs: 2000 }),
    }),
  ) as never;

async function renderPage() {
  render(<App send={send} />);
  return screen.findByRole('textbox', { name: 'Service URL' });
}

const status = () => screen.getByRole('status');
const keyBox = () => screen.getByLabelText('API key') as HTMLInputElement;
const type = (element: HTMLElement, value: string) =>
  fireEvent.input(element, { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
/** The stored preferences with the first account's connection; undefined when nothing is. */
async function stored() {
  const { settings, accounts } = (await fakeBrowser.storage.local.get([
    'settings',
    'accounts',
  ])) as { settings?: object; accounts?: { accounts: object[] } };
  if (!settings && !accounts) return undefined;
  return { ...settings, ...accounts?.accounts[0] };
}

describe('the form', () => {
  it('has every control under its name', async () => {
    await renderPage();
    expect(keyBox().type).toBe('password');
    for (const name of ['Show key', 'Remove key', 'Save', 'Test connection']) {
      screen.getByRole('button', { name });
    }
    const privacy = screen.getByRole('radiogroup', { name: 'Default privacy' });
    for (const name of ['Public', 'Private', 'Password']) {
      within(privacy).getByRole('radio', { name });
    }
    for (const name of [
      'Show rating on the toolbar button',
      'Add to the right-click menu',
      'Notify when a report is ready',
    ]) {
      expect((screen.getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(true);
    }
    screen.getByRole('textbox', { name: 'Report site address' });
    expect(status().textContent).toBe('');
  });

  it('shows the stored values, with the key masked until asked', async () => {
    await saveSettings({ serviceUrl: 'https://r.example/api/v1', apiKey: KEY, defaultPrivacy: 1 });
    const url = (await renderPage()) as HTMLInputElement;
    expect(url.value).toBe('https://r.example/api/v1');
    expect(keyBox().value).toBe(KEY);
    expect((screen.getByRole('radio', { name: 'Private' }) as HTMLInputElement).checked).toBe(true);

    click('Show key');
    expect(keyBox().type).toBe('text');
    click('Hide key');
    expect(keyBox().type).toBe('password');
  });
});

describe('Save', () => {
  it('refuses a malformed address next to the field, storing nothing and asking nothing', async () => {
    const url = await renderPage();
    type(url, 'reports example com');
    click('Save');
    await waitFor(() => expect(status().textContent).toMatch(/Not saved/));
    expect(url.getAttribute('aria-invalid')).toBe('true');
    const described = url.getAttribute('aria-describedby') ?? '';
    const errorText = described
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(errorText).toMatch(/not a web address/);
    expect(request).not.toHaveBeenCalled();
    expect(await stored()).toBeUndefined();
  });

  it('moves the focus to the first field that needs attention', async () => {
    await renderPage();
    type(screen.getByRole('textbox', { name: 'Report site address' }), 'nope');
    type(keyBox(), 'has space');
    click('Save');
    await waitFor(() => expect(document.activeElement).toBe(keyBox()));
    expect(status().textContent).toMatch(/Not saved/);
  });

  it('refuses plain http to a remote host', async () => {
    const url = await renderPage();
    type(url, 'http://reports.example.com/api/v1');
    click('Save');
    await screen.findByText(/plain http:\/\/ is only allowed/);
  });

  it('asks for the service’s site from the click, stores without waiting, and says Saved', async () => {
    const url = await renderPage();
    type(url, 'https://reports.example.com/api/v1/');
    type(keyBox(), `  ${KEY}  `);
    click('Save');
    // Asked during the click itself, before anything asynchronous.
    expect(request).toHaveBeenCalledWith({ origins: ['https://reports.example.com/*'] });
    await waitFor(() => expect(status().textContent).toBe('Saved.'));
    expect(await stored()).toMatchObject({
      serviceUrl: 'https://reports.example.com/api/v1',
      apiKey: KEY,
    });
    expect((url as HTMLInputElement).value).toBe('https://reports.example.com/api/v1');
  });

  it('accepts the site’s address and suggests testing it', async () => {
    const url = await renderPage();
    type(url, 'https://reports.example.com/');
    click('Save');
    await waitFor(() => expect(status().textContent).toMatch(/^Saved\. .*Test connection/));
    expect(await stored()).toMatchObject({ serviceUrl: 'https://reports.example.com' });
  });

  it.each([
    ['denied', () => Promise.resolve(false)],
    ['failed', () => Promise.reject(new Error('No user gesture'))],
  ])('explains when access is %s', async (_name, answer) => {
    request.mockImplementation(answer);
    const url = await renderPage();
    type(url, 'https://reports.example.com/api/v1');
    click('Save');
    await waitFor(() =>
      expect(status().textContent).toMatch(
        /did not give Site Report access to reports\.example\.com/,
      ),
    );
    expect(await stored()).toMatchObject({ serviceUrl: 'https://reports.example.com/api/v1' });
  });

  it('applies toggles and the default privacy at once', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Add to the right-click menu' }));
    await waitFor(async () => expect(await stored()).toMatchObject({ contextMenu: false }));
    fireEvent.click(screen.getByRole('radio', { name: 'Password' }));
    await waitFor(async () => expect(await stored()).toMatchObject({ defaultPrivacy: 2 }));
    expect(status().textContent).toBe('Saved.');
    screen.getByText(/create Private reports/);
  });
});

describe('Remove key', () => {
  beforeEach(() => saveSettings({ serviceUrl: 'https://r.example/api/v1', apiKey: KEY }));

  it('asks first, and Cancel keeps the key', async () => {
    await renderPage();
    click('Remove key');
    const dialog = await screen.findByRole('dialog', { name: 'Remove the API key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(keyBox().value).toBe(KEY);
    expect((await loadSettings()).settings.apiKey).toBe(KEY);
  });

  it('removes the stored key when confirmed', async () => {
    await renderPage();
    click('Remove key');
    const dialog = await screen.findByRole('dialog', { name: 'Remove the API key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove key' }));
    await waitFor(() => expect(status().textContent).toBe('API key removed.'));
    expect(keyBox().value).toBe('');
    expect((await loadSettings()).settings.apiKey).toBe('');
  });
});

describe('managed settings', () => {
  it('shows the administrator’s values as locked', async () => {
    await fakeBrowser.storage.managed.set({
      serviceUrl: 'https://corp.example/api/v1',
      notify: false,
    });
    const url = (await renderPage()) as HTMLInputElement;
    expect(url.value).toBe('https://corp.example/api/v1');
    expect(url.disabled).toBe(true);
    const notify = screen.getByRole('checkbox', {
      name: 'Notify when a report is ready',
    }) as HTMLInputElement;
    expect(notify.disabled).toBe(true);
    expect(notify.checked).toBe(false);
    // The preset account's name, service and site address, and the notification.
    expect(screen.getAllByText('Set by your administrator.')).toHaveLength(4);
    expect(keyBox().disabled).toBe(false);
  });

  it('locks the default privacy too, and follows the administrator’s changes', async () => {
    await fakeBrowser.storage.managed.set({ defaultPrivacy: 1 });
    await renderPage();
    const privacy = screen.getByRole('radiogroup', { name: 'Default privacy' });
    const radio = (name: string) =>
      within(privacy).getByRole('radio', { name }) as HTMLInputElement;
    expect([radio('Private').checked, radio('Private').disabled]).toEqual([true, true]);
    within(privacy).getByText('Set by your administrator.');
    await fakeBrowser.storage.managed.set({ defaultPrivacy: 2 });
    await waitFor(() => expect(radio('Password').checked).toBe(true));
    screen.getByText(/create Private reports/);
  });
});

describe('Test connection', () => {
  async function testWith(serviceUrl: string, apiKey = KEY) {
    const url = await renderPage();
    type(url, serviceUrl);
    type(keyBox(), apiKey);
    click('Test connection');
  }

  it('reports success with the number of reports, using the unsaved values', async () => {
    await testWith(stub.baseUrl);
    await waitFor(() =>
      expect(status().textContent).toBe(
        `Connected to ${stub.baseUrl}. Reports on the service: 27.`,
      ),
    );
    expect(stub.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(await stored()).toBeUndefined();
  });

  it('offers <address>/api/v1 when the site’s address was given, and fills it in', async () => {
    stub.on((r) =>
      r.url.pathname === '/api/v1/reports' ? { body: wireList([], 2) } : { body: HTML_PAGE },
    );
    await testWith(`${stub.origin}/`);
    const use = await screen.findByRole('button', { name: `Use ${stub.baseUrl}` });
    expect(status().textContent).toBe(
      `The service answered at ${stub.baseUrl} (reports on the service: 2). Use that address?`,
    );
    fireEvent.click(use);
    const url = screen.getByRole('textbox', { name: 'Service URL' }) as HTMLInputElement;
    expect(url.value).toBe(stub.baseUrl);
    expect(document.activeElement).toBe(url);
  });

  it.each([
    [
      'the key is rejected',
      { status: 401, body: { message: 'Unauthenticated.' } },
      /rejected this API key/,
    ],
    ['there is no API access', { status: 403, body: { message: 'Forbidden' } }, /no API access/],
    [
      'it is rate limited',
      { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '45' } },
      /Test again in 45 seconds/,
    ],
    ['it is not a Site Report API', { status: 200, body: HTML_PAGE }, /not like a Site Report API/],
  ])('says so when %s', async (_name, reply, message) => {
    stub.on(() => reply);
    await testWith(stub.baseUrl);
    await waitFor(() => expect(status().textContent).toMatch(message));
  });

  it('says when the host cannot be reached', async () => {
    await testWith('http://127.0.0.1:1/api/v1');
    await waitFor(() => expect(status().textContent).toMatch(/Could not reach 127\.0\.0\.1:1/), {
      timeout: 3000,
    });
  });

  it('checks the address and the key before sending anything', async () => {
    await testWith('not an address', '');
    await waitFor(() => expect(status().textContent).toMatch(/not a web address/));
    expect(keyBox().getAttribute('aria-invalid')).toBe('true');
    expect(stub.requests).toHaveLength(0);
  });
});
