// Several accounts in real Chromium, against two local services: three accounts added with the
// options form (two keys of one service, one of another), the popup's and the workspace's
// "Account" select choosing the one in use (the badge follows, with no request), a job and the
// watch list of one account going on and staying while another is in use, a key typed over an
// account's key checked against the service's account, and Remove taking what was kept with it.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../lib/account/accounts';
import type { Job } from '../../lib/jobs/schema';
import { type RunningService, startService } from '../../server/service';
import {
  apiGet,
  BADGE_TEXT,
  badgeOf,
  openPageTab,
  openPopup,
  outcomeOf,
  poll,
  RATING_WORD,
  type Stack,
  startStack,
  the,
} from './flows';

/** Service 1: A's key, a second key of A's account, and Client's key (another account). */
const K1 = 'accounts-e2e-k1';
const K1B = 'accounts-e2e-k1b';
const K2 = 'accounts-e2e-k2';
/** Service 2: C's key. */
const K3 = 'accounts-e2e-k3';

let stack: Stack | undefined;
let second: RunningService | undefined;
/** An options page, kept open: the form, and where storage is read and messages are sent. */
let options: Page | undefined;
/** The service's own ids of A's and Client's accounts (GET /account). */
const serviceIds = { a: -1, client: -1 };
/** While true, service 1 keeps its answers to deletes back. */
let holding = false;
const held: (() => void)[] = [];
const opened: Page[] = [];

beforeAll(async () => {
  stack = await startStack({
    connected: false,
    service: {
      apiKeys: [K1, { key: K1B, sameAccountAs: K1 }, K2],
      planName: 'Pro',
      gate: ({ method }) =>
        method === 'DELETE' && holding
          ? new Promise<void>((release) => held.push(release))
          : undefined,
    },
  });
  second = await startService({
    port: 0,
    serveSamples: true,
    apiKeys: [K3],
    planName: 'Team',
  });
  for (const [who, key] of [
    ['a', K1],
    ['client', K2],
  ] as const) {
    const { body } = await apiGet(stack.service, '/account', key);
    serviceIds[who] = (body as { data: { id: number } }).data.id;
  }
  stack.service.resetRequests();
  options = await stack.ext.openTab('options.html');
});

afterEach(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

afterAll(async () => {
  holding = false;
  for (const release of held.splice(0)) release();
  await second?.close();
  await stack?.close();
});

const theStack = () => the(stack, 'The stack');
const theOptions = () => the(options, 'The options page');

type StoredAccount = Account;

/** What the extension stored under `key` (chrome.storage.local), read in the options page. */
function stored<T>(key: string): Promise<T | undefined> {
  return theOptions().evaluate(
    async (name) => (await chrome.storage.local.get(name))[name],
    key,
  ) as Promise<T | undefined>;
}

async function storedAccounts(): Promise<StoredAccount[]> {
  return (await stored<{ accounts: StoredAccount[] }>('accounts'))?.accounts ?? [];
}

async function accountNamed(name: string): Promise<StoredAccount> {
  const found = (await storedAccounts()).find((account) => account.name === name);
  return the(found, `The account ${name}`);
}

const inUse = () => stored<string>('accountInUse');

/** A message to the background, as an extension page sends it; its data. */
async function ask<T>(message: unknown): Promise<T> {
  const answer = await theOptions().evaluate(
    (request) => chrome.runtime.sendMessage(request),
    message,
  );
  if (!answer.ok) throw new Error(`${JSON.stringify(message)}: ${JSON.stringify(answer.error)}`);
  return answer.data as T;
}

const accountSelect = (page: Page) => page.getByRole('combobox', { name: 'Account', exact: true });

/** Chooses `name` in the page's Account select and waits until it is the account in use. */
async function choose(page: Page, name: string) {
  await accountSelect(page).selectOption({ label: name });
  const { id } = await accountNamed(name);
  await poll(inUse, `${name} in use`).toBe(id);
}

async function openTracked(url: string): Promise<Page> {
  const page = await openPageTab(theStack().ext, url);
  opened.push(page);
  return page;
}

async function popupFor(page: Page): Promise<Page> {
  await page.bringToFront();
  const popup = await openPopup(theStack().ext);
  opened.push(popup);
  return popup;
}

const services = () => [theStack().service, the(second, 'Service 2')];
/** How many API requests each service has had. */
const counts = () => services().map((service) => service.apiRequests().length);
/** The API requests each service had since `counts()` answered `from`. */
const requestsSince = (from: number[]) =>
  services().flatMap((service, index) =>
    service
      .apiRequests()
      .slice(from[index])
      .map(({ method, path, account }) => ({ service: index + 1, method, path, account })),
  );

const badgeText = async (url: string) => (await badgeOf(theStack().ext, url)).text;

const statusOf = (page: Page) =>
  page
    .getByRole('status')
    .first()
    .textContent()
    .then((text) => text?.trim() ?? '');

/** Fills the account form and presses Save; waits for "Saved.". */
async function saveForm(page: Page, name: string, serviceUrl: string, apiKey: string) {
  await page.getByRole('textbox', { name: 'Account name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Service URL', exact: true }).fill(serviceUrl);
  await page.getByRole('textbox', { name: 'API key', exact: true }).fill(apiKey);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await poll(() => statusOf(page), `${name} saved`)
    .toBe('Saved.')
    .catch(async (error: Error) => {
      // What the page showed instead, for the failure to say.
      const shown = await page.evaluate(() => document.body.innerText).catch(() => '(gone)');
      throw new Error(`${error.message}\nThe options page showed instead:\n${shown}`);
    });
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).waitFor();
}

describe('accounts', () => {
  it('the options form adds three accounts, each listed with Edit and Remove', async () => {
    const { service } = theStack();
    const page = theOptions();
    await page.getByRole('textbox', { name: 'Account name', exact: true }).waitFor();
    await saveForm(page, 'A', service.baseUrl, K1);
    await page.getByRole('button', { name: 'Add account', exact: true }).click();
    await saveForm(page, 'Client', service.baseUrl, K2);
    await page.getByRole('button', { name: 'Add account', exact: true }).click();
    await saveForm(page, 'C', the(second, 'Service 2').baseUrl, K3);

    const rows = page
      .getByRole('list')
      .filter({ has: page.getByRole('button', { name: 'Edit A', exact: true }) });
    await poll(() => rows.getByRole('listitem').count(), 'three rows').toBe(3);
    for (const name of ['A', 'Client', 'C']) {
      const row = rows
        .getByRole('listitem')
        .filter({ hasText: name })
        .filter({
          has: page.getByRole('button', { name: `Edit ${name}`, exact: true }),
        });
      // The list shows each account as it is stored, once the page has heard of the save.
      await poll(
        () => row.getByRole('button', { name: `Edit ${name}`, exact: true }).count(),
        `Edit ${name}`,
      ).toBe(1);
      expect(await row.getByRole('button', { name: `Remove ${name}`, exact: true }).count()).toBe(
        1,
      );
    }
    expect(
      (await storedAccounts()).map(({ name, serviceUrl, apiKey }) => ({
        name,
        serviceUrl,
        apiKey,
      })),
    ).toEqual([
      { name: 'A', serviceUrl: service.baseUrl, apiKey: K1 },
      { name: 'Client', serviceUrl: service.baseUrl, apiKey: K2 },
      { name: 'C', serviceUrl: the(second, 'Service 2').baseUrl, apiKey: K3 },
    ]);
    // The first account added is the one in use.
    expect(await inUse()).toBe((await accountNamed('A')).id);
  });

  it('the list names each account’s plan, as its service tells it', async () => {
    const page = theOptions();
    await page.reload();
    const rowText = (name: string) =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: `Edit ${name}`, exact: true }) })
        .textContent()
        .then((text) => text ?? '');
    // The account in use's plan is asked when it is saved: the list shows plans once it is kept.
    await poll(() => rowText('A'), 'A’s row').toContain('Plan Pro: unlimited reports');
    const shown = async (name: string) =>
      (await rowText(name)).match(/Plan .*?(?=Edit )/)?.[0] ?? null;
    expect({
      A: await shown('A'),
      Client: await shown('Client'),
      C: await shown('C'),
    }).toEqual({
      A: 'Plan Pro: unlimited reports',
      Client: 'Plan Pro: unlimited reports',
      C: 'Plan Team: unlimited reports',
    });
  });

  it('the popup’s Account select switches the account in use; the badge follows with no request', async () => {
    const { sample } = theStack();
    const good = sample('good');
    const creating = await popupFor(await openTracked(good));
    await creating.getByRole('button', { name: 'Create report', exact: true }).click();
    await outcomeOf(creating).getByText(RATING_WORD.good, { exact: true }).waitFor();
    await creating.close();
    await poll(() => badgeText(good), 'A’s rating on the badge').toBe(BADGE_TEXT.good);

    // The popup switches over a page no account has a report of (it reads nothing for it); the
    // rated page stays open in the window.
    const popup = await popupFor(await openTracked(sample('decent')));
    // The select's code loads after the popup's first paint.
    const select = accountSelect(popup);
    await select.waitFor();
    expect(await select.locator('option').allTextContents()).toEqual(['A', 'Client', 'C']);
    const before = counts();
    await choose(popup, 'Client');
    await poll(() => badgeText(good), 'nothing on the badge for Client').toBe('');
    // Soft: the switches below say whether only the first one to an account asks.
    const first = requestsSince(before);
    expect.soft(first, 'API requests made by switching to Client').toEqual([]);

    // Back to A, and to Client again: each time the badge follows, without asking.
    for (const [name, text] of [
      ['A', BADGE_TEXT.good],
      ['Client', ''],
      ['A', BADGE_TEXT.good],
    ] as const) {
      const from = counts();
      await choose(popup, name);
      await poll(() => badgeText(good), `the badge for ${name}`).toBe(text);
      expect(requestsSince(from), `API requests made by switching to ${name}`).toEqual([]);
    }
    expect(requestsSince(before), 'API requests made by all the switches').toEqual(first);
  });

  it('a job of A goes on with A’s key after switching to Client', async () => {
    const { service } = theStack();
    await ask({ type: 'useAccount', id: (await accountNamed('A')).id });
    const urls = Array.from({ length: 4 }, (_, index) => ({
      url: `https://accounts-job.example/page-${index + 1}`,
      result: 'good' as const,
    }));
    const ids = await service.seed(urls, K1);
    service.resetRequests();
    holding = true;
    const { id } = await ask<{ id: string }>({
      type: 'enqueueJob',
      kind: 'delete',
      items: ids.map((report) => ({ type: 'deleteReport', id: report })),
    });
    await poll(() => held.length > 0, 'a delete under way at the service').toBe(true);

    const popup = await popupFor(await openTracked(theStack().sample('decent')));
    await choose(popup, 'Client');
    holding = false;
    for (const release of held.splice(0)) release();

    const job = () =>
      stored<{ jobs: Job[] }>('jobs').then((jobs) => jobs?.jobs.find((one) => one.id === id));
    await poll(async () => (await job())?.state, 'the job finished', 30_000).toBe('done');
    expect((await job())?.items.every((item) => item.state === 'done')).toBe(true);

    const forReports = service
      .apiRequests()
      .filter((entry) => ids.some((report) => entry.path.includes(`/reports/${report}`)));
    expect(forReports.filter((entry) => entry.method === 'DELETE')).toHaveLength(ids.length);
    expect(
      forReports.map((entry) => entry.account),
      'the account each request for A’s reports carried',
    ).toEqual(forReports.map(() => serviceIds.a));
    expect(service.apiRequests().filter((entry) => entry.account === serviceIds.client)).toEqual(
      [],
    );
    for (const report of ids) {
      expect((await apiGet(service, `/reports/${report}`, K1)).status).toBe(404);
    }
  });

  it('Run now for Client leaves A’s watched page alone; A’s watch list is there again after switching back', async () => {
    const { service, sample } = theStack();
    const good = sample('good');
    const decent = sample('decent');
    // A watches its rated page from the popup.
    await ask({ type: 'useAccount', id: (await accountNamed('A')).id });
    const popup = await popupFor(await openTracked(good));
    await popup.getByRole('button', { name: 'Watch this page', exact: true }).click();
    await popup.getByRole('button', { name: 'Stop watching this page', exact: true }).waitFor();
    // Client has a watched page of its own.
    await choose(popup, 'Client');
    const own = await ask<{ id: number; url: string }>({
      type: 'createReport',
      input: { url: decent, privacy: 0 },
    });
    await ask({ type: 'watchReports', reports: [{ id: own.id, url: own.url }] });

    const workspace = await theStack().ext.openTab('sidepanel.html#tab=watched');
    opened.push(workspace);
    const historyOf = (url: string) =>
      workspace.getByRole('button', { name: `History of ${url}`, exact: true });
    await historyOf(decent).waitFor();
    expect(await historyOf(good).count(), 'A’s page in Client’s list').toBe(0);

    const from = service.apiRequests().length;
    await workspace.getByRole('button', { name: 'Run now', exact: true }).click();
    await workspace.getByText('The run has started', { exact: false }).waitFor();
    const clientId = (await accountNamed('Client')).id;
    await poll(
      async () =>
        ((await stored<{ jobs: Job[] }>('jobs'))?.jobs ?? []).filter(
          (job) => job.watchRun && job.service?.account === clientId && job.state === 'done',
        ).length,
      'Client’s run finished',
      30_000,
    ).toBe(1);
    const sent = service.apiRequests().slice(from);
    expect(
      sent.filter((entry) => entry.account !== serviceIds.client),
      'requests of the run not made with Client’s key',
    ).toEqual([]);
    expect(sent.some((entry) => entry.path.includes(`/reports/${own.id}`))).toBe(true);
    const aReport = the(
      (
        await stored<{ services: Record<string, Record<string, { reportId: number }>> }>(
          'ratingCache',
        )
      )?.services[(await accountNamed('A')).id]?.[good]?.reportId,
      'A’s report of the good page',
    );
    expect(sent.filter((entry) => entry.path.includes(`/reports/${aReport}`))).toEqual([]);

    // Back to A in the workspace: its watch list.
    await choose(workspace, 'A');
    await historyOf(good).waitFor();
    expect(await historyOf(decent).count(), 'Client’s page in A’s list').toBe(0);
  });

  it('a key typed over A’s: its own second key saves; Client’s is refused, A unchanged', async () => {
    const page = theOptions();
    await page.reload();
    await page.getByRole('button', { name: 'Edit A', exact: true }).click();
    const key = page.getByRole('textbox', { name: 'API key', exact: true });
    await poll(() => key.inputValue(), 'A’s key in the form').toBe(K1);

    await key.fill(K1B);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => statusOf(page), 'the second key saved').toBe('Saved.');
    for (const name of ['Add as new account', 'Same account, new key', 'Another account']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    // A new key may be another account of the service: its id is forgotten with the save, and
    // noted again once the background has asked the service (GET /account) after it.
    await poll(
      async () => (await accountNamed('A')).serviceAccountId,
      'the service’s id of A, noted for the second key',
    ).toBeDefined();
    const a = await accountNamed('A');
    expect(a.apiKey).toBe(K1B);
    const everything = await Promise.all(
      ['accounts', 'accountInUse', 'ratingCache', 'watch'].map((item) => stored(item)),
    );

    await key.fill(K2);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => statusOf(page), 'the refusal').toBe(
      'The service says this key belongs to another account. Nothing was saved: add it as a new account instead.',
    );
    await page.getByRole('button', { name: 'Add as new account', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Same account, new key' }).count()).toBe(0);
    expect(await accountNamed('A')).toEqual(a);
    expect(
      await Promise.all(
        ['accounts', 'accountInUse', 'ratingCache', 'watch'].map((item) => stored(item)),
      ),
      'what is kept, after the refusal',
    ).toEqual(everything);
  });

  it('Remove Client says what goes, and takes Client and what was kept for it', async () => {
    const page = theOptions();
    await page.reload();
    const client = await accountNamed('Client');
    type ByAccount = { services: Record<string, unknown> };
    expect((await stored<ByAccount>('ratingCache'))?.services[client.id]).toBeDefined();
    expect((await stored<ByAccount>('watch'))?.services[client.id]).toBeDefined();

    await page.getByRole('button', { name: 'Remove Client', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Remove Client?' }).waitFor();
    const text = (await dialog.textContent()) ?? '';
    const counted = text.match(
      // Client's run of the test before may still be going: its job counts too.
      /This browser forgets its API key, 1 watched page, (\d+) analys[ie]s kept and \d+ unfinished jobs?\. Its reports stay on the service\./,
    );
    expect(counted, `the dialog's text: ${text}`).not.toBeNull();
    expect(Number(the(counted?.[1], 'the analyses'))).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Remove Client', exact: true }).click();

    await poll(() => statusOf(page), 'the removal said').toBe('Client removed.');
    expect(await page.getByRole('button', { name: 'Edit Client', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit A', exact: true }).waitFor();
    expect((await storedAccounts()).map(({ name }) => name)).toEqual(['A', 'C']);
    expect((await stored<ByAccount>('ratingCache'))?.services[client.id]).toBeUndefined();
    expect((await stored<ByAccount>('watch'))?.services[client.id]).toBeUndefined();

    const popup = await popupFor(await openTracked(theStack().sample('bad')));
    await poll(
      () => accountSelect(popup).locator('option').allTextContents(),
      'the popup’s accounts',
    ).toEqual(['A', 'C']);
  });
});
