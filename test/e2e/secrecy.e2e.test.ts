// The API key stays secret: connected through the options page with a distinctive key, the
// popup is used in every view, after a create and after errors (a 422, and a 401 with another
// distinctive key), while every request the browser makes — the service worker's included —
// and every console message are recorded. The key may appear only in the Authorization header
// of requests to the service, never in the popup's DOM, a URL, a body, a log line or storage
// other than storage.local's settings. That whole session runs once, before the tests; each
// test then checks one part of what it left (the popup's documents, taken at each step; the
// requests; the logs; storage), so none depends on another having run first.
import type { ConsoleMessage, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeConnection } from './extension';
import {
  openPageTab,
  openPopup,
  outcomeOf,
  RATING_WORD,
  type Stack,
  startStack,
  the,
  waitUntil,
} from './flows';

/** Distinctive, so any appearance anywhere is found by a plain substring search. */
const API_KEY = 'sr_SECRET-e2e-9f27c1d4b8a6e3';
/** A key the service does not know: the 401 path must not leak it either. */
const UNKNOWN_KEY = 'sr_UNKNOWN-e2e-3b5d7f9a1c2e4';
const KEYS = [API_KEY, UNKNOWN_KEY];

interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  fromServiceWorker: boolean;
}

let stack: Stack | undefined;
const requests: SeenRequest[] = [];
const logLines: string[] = [];
const opened: Page[] = [];

function recordRequest(request: Request) {
  requests.push({
    url: request.url(),
    method: request.method(),
    headers: request.headers(),
    body: request.postData() ?? '',
    fromServiceWorker: request.serviceWorker() !== null,
  });
}

const recordConsole = (where: string) => (message: ConsoleMessage) =>
  logLines.push(`${where} console.${message.type()}: ${message.text()}`);

/** Records the console and uncaught errors of an extension page. */
function watchPage(page: Page, where: string): Page {
  page.on('console', recordConsole(where));
  page.on('pageerror', (error) => logLines.push(`${where} error: ${error.stack ?? error}`));
  opened.push(page);
  return page;
}

const leaks = (text: string) => KEYS.filter((key) => text.includes(key));

/** The popup's document at one step of the session: its markup and its fields' values. */
interface PopupDocument {
  html: string;
  values: string;
}

/** What the session saw, for the tests to check. */
const session = {
  /** The options page's status after Test connection and after Save. */
  tested: '',
  saved: '',
  /** The key the options page showed when opened again after Save. */
  keyShownAfterSave: '',
  /** The popup's alerts after the 422 and after the 401. */
  alertAfter422: '',
  alertAfter401: '',
  /** The options page's status when a wrong key was typed over the saved one. */
  refusedOnSave: '',
  /** The popup's document at each step, by view. */
  documents: new Map<string, PopupDocument>(),
};

async function recordDocument(popup: Page, view: string) {
  const html = await popup.evaluate(() => document.documentElement.outerHTML);
  // Field values live outside outerHTML: every form control's current value too.
  const values = await popup.evaluate(() =>
    [...document.querySelectorAll('input, textarea, select')]
      .map((element) => (element as HTMLInputElement).value)
      .join('\n'),
  );
  session.documents.set(view, { html, values });
}

/** The popup's whole document must not have contained either key at that step. */
function expectNoKeyInDom(view: string) {
  const shown = session.documents.get(view);
  expect(shown, `${view}: the DOM was read`).toBeDefined();
  const { html = '', values = '' } = shown ?? {};
  expect(html.length, `${view}: the DOM was read`).toBeGreaterThan(500);
  expect(leaks(html), `keys in the popup's DOM (${view})`).toEqual([]);
  expect(leaks(values), `keys in the popup's field values (${view})`).toEqual([]);
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function openPopupOver(url: string): Promise<Page> {
  const { ext } = the(stack, 'The stack');
  opened.push(await openPageTab(ext, url));
  return watchPage(await openPopup(ext), `popup over ${url}`);
}

/** Visits Reports and Projects and records the DOM of each once it has loaded or failed. */
async function visitListViews(popup: Page, what: string, expectRows: boolean) {
  for (const [tab, list] of [
    ['Reports', 'Reports'],
    ['Projects', 'Projects'],
  ] as const) {
    await popup.getByRole('tab', { name: tab, exact: true }).click();
    const panel = popup.getByRole('tabpanel', { name: tab, exact: true });
    if (expectRows) {
      await panel
        .getByRole('list', { name: list, exact: true })
        .getByRole('listitem')
        .first()
        .waitFor();
    } else {
      await panel.getByRole('alert').waitFor();
    }
    await recordDocument(popup, `${tab} view, ${what}`);
  }
  await popup.getByRole('tab', { name: 'This page', exact: true }).click();
}

/** The options page: the key typed, tested and saved. */
async function connectOnOptionsPage() {
  const { ext, service } = the(stack, 'The stack');
  const options = watchPage(await ext.openTab('options.html'), 'options');
  await options.getByRole('textbox', { name: 'Service URL', exact: true }).fill(service.baseUrl);
  await options.getByRole('textbox', { name: 'API key', exact: true }).fill(API_KEY);
  await button(options, 'Test connection').click();
  const tested = options.getByRole('status').filter({ hasText: /^Connected/ });
  await tested.waitFor();
  session.tested = (await tested.textContent()) ?? '';
  await button(options, 'Save').click();
  const saved = options.getByRole('status').filter({ hasText: /saved/i });
  await saved.waitFor();
  session.saved = (await saved.textContent()) ?? '';
  await options.close();
}

/** The popup in every view, after a create and after a 422. */
async function usePopup() {
  const { sample, service } = the(stack, 'The stack');
  const popup = await openPopupOver(sample('good'));
  await button(popup, 'Create report').waitFor();
  await recordDocument(popup, 'This page, before creating');

  await button(popup, 'Create report').click();
  await outcomeOf(popup).getByText(RATING_WORD.good, { exact: true }).waitFor();
  await recordDocument(popup, 'This page, after creating');
  await visitListViews(popup, 'after creating', true);
  await popup.close();

  // A 422: the service cannot analyse an image. The error names the page, not the key.
  const image = `${service.url}/samples/images/cup.svg`;
  const failing = await openPopupOver(image);
  await button(failing, 'Create report').click();
  await failing.getByRole('alert').waitFor();
  session.alertAfter422 = (await failing.getByRole('alert').textContent()) ?? '';
  await recordDocument(failing, 'This page, after a 422');
  await failing.close();
}

/** A wrong key pasted and saved on the options page, then the popup with the service's 401. */
async function usePopupWithWrongKey() {
  const { ext, sample } = the(stack, 'The stack');
  const options = watchPage(await ext.openTab('options.html'), 'options');
  const keyBox = options.getByRole('textbox', { name: 'API key', exact: true });
  await waitUntil(async () => (await keyBox.inputValue()) !== '', 'the saved key in the form');
  session.keyShownAfterSave = await keyBox.inputValue();
  await keyBox.fill(UNKNOWN_KEY);
  await button(options, 'Save').click();
  // A key typed over the account's is checked first: the service rejects it, nothing is saved.
  const refused = options.getByRole('status').filter({ hasText: /rejected/i });
  await refused.waitFor();
  session.refusedOnSave = (await refused.textContent()) ?? '';
  // As if the service had revoked the saved key since: the popup meets its 401.
  await options.evaluate(writeConnection, {
    baseUrl: the(stack, 'The stack').service.baseUrl,
    apiKey: UNKNOWN_KEY,
  });
  await options.close();

  const popup = await openPopupOver(sample('decent'));
  await button(popup, 'Create report').click();
  const alert = popup.getByRole('alert');
  await alert.waitFor();
  session.alertAfter401 = (await alert.textContent()) ?? '';
  await recordDocument(popup, 'This page, after a 401');
  await visitListViews(popup, 'after a 401', false);
}

beforeAll(async () => {
  stack = await startStack({
    connected: false,
    service: { apiKeys: [API_KEY], rateLimit: 0 },
  });
  const { context, worker } = stack.ext;
  // Playwright reports the extension service worker's fetches here too (request.serviceWorker()).
  context.on('request', recordRequest);
  context.on('console', recordConsole('context'));
  worker.on('console', recordConsole('service worker'));

  await connectOnOptionsPage();
  await usePopup();
  await usePopupWithWrongKey();
});

afterAll(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  await stack?.close();
});

describe('the API key', () => {
  it('is typed on the options page, tested and saved', () => {
    expect(session.tested).toMatch(/^Connected/);
    expect(session.saved).toMatch(/saved/i);
  });

  it('never appears in the popup: every view, after a create and after an error', () => {
    for (const view of [
      'This page, before creating',
      'This page, after creating',
      'Reports view, after creating',
      'Projects view, after creating',
      'This page, after a 422',
    ]) {
      expectNoKeyInDom(view);
    }
    expect(session.alertAfter422).toMatch(/couldn't create/i);
  });

  it('never appears in the popup when the service rejects the key', () => {
    // The options page showed the saved key before the user replaced it with a wrong one.
    expect(session.keyShownAfterSave, 'the saved key in the form').toBe(API_KEY);
    expect(session.alertAfter401).toMatch(/rejected the API key/i);
    expect(session.refusedOnSave).toMatch(/rejected/i);
    for (const key of KEYS) expect(session.refusedOnSave).not.toContain(key);
    for (const view of [
      'This page, after a 401',
      'Reports view, after a 401',
      'Projects view, after a 401',
    ]) {
      expectNoKeyInDom(view);
    }
  });

  it('is sent only in the Authorization header to the service, and logged nowhere', async () => {
    const { ext, service } = the(stack, 'The stack');
    const serviceOrigin = new URL(service.url).origin;

    // The recording saw the service worker's API calls, each with its key, so silence elsewhere
    // means something.
    const apiCalls = requests.filter((request) => request.url.startsWith(service.baseUrl));
    expect(apiCalls.some((request) => request.fromServiceWorker)).toBe(true);
    const authorised = (key: string) =>
      apiCalls.filter((request) => request.headers.authorization === `Bearer ${key}`);
    expect(authorised(API_KEY).length, 'requests that carried the saved key').toBeGreaterThan(2);
    expect(authorised(UNKNOWN_KEY).length, 'requests that carried the wrong key').toBeGreaterThan(
      0,
    );
    // And the service accepted the saved key (2xx answers) and refused the other (401).
    const statuses = new Set(service.apiRequests().map((entry) => entry.status));
    expect(statuses.has(201) && statuses.has(200) && statuses.has(401)).toBe(true);

    const misplaced: string[] = [];
    for (const request of requests) {
      const where = `${request.method} ${request.url}`;
      if (leaks(request.url).length > 0) misplaced.push(`${where}: in the URL`);
      if (leaks(request.body).length > 0) misplaced.push(`${where}: in the body`);
      for (const [name, value] of Object.entries(request.headers)) {
        if (leaks(value).length === 0) continue;
        const allowed =
          name.toLowerCase() === 'authorization' &&
          new URL(request.url).origin === serviceOrigin &&
          KEYS.some((key) => value === `Bearer ${key}`);
        if (!allowed) misplaced.push(`${where}: in the ${name} header`);
      }
    }
    expect(misplaced, 'the key outside the Authorization header to the service').toEqual([]);

    expect(
      logLines.filter((line) => leaks(line).length > 0),
      'console messages and page errors with a key',
    ).toEqual([]);
    expect(
      service.requests.filter((entry) => leaks(entry.path).length > 0),
      "the service's request log",
    ).toEqual([]);

    // Storage: only storage.local's accounts hold a key; never sync or session storage.
    const stored = await ext.worker.evaluate(async () => {
      const local = await chrome.storage.local.get(null);
      const { accounts, ...rest } = local as Record<string, unknown>;
      const session = await (
        chrome.storage as unknown as { session?: { get(keys: null): Promise<unknown> } }
      ).session?.get(null);
      return {
        settingsKey: (accounts as { accounts: { apiKey: string }[] } | undefined)?.accounts[0]
          ?.apiKey,
        otherLocal: JSON.stringify(rest),
        sync: JSON.stringify(await chrome.storage.sync.get(null)),
        session: JSON.stringify(session ?? {}),
      };
    });
    expect(stored.settingsKey).toBe(UNKNOWN_KEY);
    expect(leaks(stored.otherLocal), 'other storage.local items').toEqual([]);
    expect(leaks(stored.sync), 'storage.sync').toEqual([]);
    expect(leaks(stored.session), 'storage.session').toEqual([]);

    // The extension pages' own web storage.
    const popup = watchPage(await ext.openTab('popup.html'), 'popup tab');
    const webStorage = await popup.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    );
    expect(leaks(webStorage), "the extension's localStorage/sessionStorage").toEqual([]);
  });
});
