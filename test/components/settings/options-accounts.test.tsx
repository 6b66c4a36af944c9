// @vitest-environment happy-dom
// The options page's accounts: the list (Edit and Remove by name, the plan when one is kept), Add
// account up to twenty, the check of a key typed over an account's key before Save writes it
// (same, other, unknown, refused), and Remove's question with what goes. The settings are the real
// store over the fake browser; the background is a fake Sender.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../../entrypoints/options/App';
import { MAX_ACCOUNTS } from '../../../lib/account/accounts';
import { dropAccount, loadSettings, saveSettings } from '../../../lib/settings';
import { fail, fakeSend, type Handlers, ok, requestsOf } from '../popup-helpers';

afterEach(cleanup);

const ONE = { serviceUrl: 'https://one.example/api/v1', apiKey: 'sr_key_one_0123456789' };
const TWO = { serviceUrl: 'https://two.example/api/v1', apiKey: 'sr_key_two_0123456789' };
const TYPED = 'sr_key_typed_0123456789';

beforeEach(async () => {
  // The browser's prompt never answers, as in headless Chromium.
  vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation(
    (() => new Promise<boolean>(() => undefined)) as never,
  );
  await saveSettings(ONE, { name: 'One' });
  await saveSettings(TWO, { account: 'new', name: 'Two' });
});

function renderPage(handlers: Handlers = {}) {
  // A service that does not tell its plan, unless a test says otherwise.
  const send = fakeSend({ getPlan: () => ok(null), ...handlers });
  render(<App send={send} />);
  return send;
}

const list = () => screen.getByRole('region', { name: 'Accounts' });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const click = (name: string | RegExp) => fireEvent.click(button(name));
const status = () => screen.getByRole('status');
const keyBox = () => screen.getByLabelText('API key') as HTMLInputElement;
const urlBox = () => screen.getByRole('textbox', { name: 'Service URL' }) as HTMLInputElement;
const nameBox = () => screen.getByRole('textbox', { name: 'Account name' }) as HTMLInputElement;
const type = (element: HTMLElement, value: string) =>
  fireEvent.input(element, { target: { value } });
const account = async (id: string) =>
  (await loadSettings()).accounts.find((candidate) => candidate.id === id);

describe('the list', () => {
  it('shows each account with its service, the plan kept for it, and Edit / Remove by name', async () => {
    // Account One's plan is kept; Two's service does not tell its plan.
    renderPage({
      getPlan: (request: { account?: string }) =>
        ok(request.account === 'a1' ? { name: 'Pro', reportsPerMonth: 500 } : null),
    });
    await screen.findByRole('button', { name: 'Edit One' });
    const rows = within(list()).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    await waitFor(() =>
      expect(rows[0]?.textContent).toMatch(
        /One.*In use.*one\.example · Plan Pro: 500 reports a month/,
      ),
    );
    expect(rows[1]?.textContent).toMatch(/Two.*two\.example/);
    expect(rows[1]?.textContent).not.toMatch(/Plan/);
    for (const name of ['Edit One', 'Remove One', 'Edit Two', 'Remove Two', 'Add account']) {
      within(list()).getByRole('button', { name });
    }
  });

  it('edits the account in use when the page opens, and another after Edit', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Edit Two' });
    expect([nameBox().value, urlBox().value, keyBox().value]).toEqual([
      'One',
      ONE.serviceUrl,
      ONE.apiKey,
    ]);
    click('Edit Two');
    expect([nameBox().value, urlBox().value, keyBox().value]).toEqual([
      'Two',
      TWO.serviceUrl,
      TWO.apiKey,
    ]);
    await waitFor(() => expect(document.activeElement).toBe(nameBox()));
    type(nameBox(), 'Agency');
    click('Save');
    await waitFor(() => expect(status().textContent).toBe('Saved.'));
    expect(await account('a2')).toMatchObject({ name: 'Agency', apiKey: TWO.apiKey });
    expect(await account('a1')).toMatchObject({ name: 'One', apiKey: ONE.apiKey });
    expect((await loadSettings()).account?.id).toBe('a1');
  });

  it('Add account gives an empty form, saved as a new account named after its host', async () => {
    const send = renderPage();
    await screen.findByRole('button', { name: 'Add account' });
    click('Add account');
    expect([nameBox().value, urlBox().value, keyBox().value]).toEqual(['', '', '']);
    type(urlBox(), 'https://three.example/api/v1');
    expect(nameBox().placeholder).toBe('three.example');
    type(keyBox(), TYPED);
    click('Save');
    await waitFor(() => expect(status().textContent).toBe('Saved.'));
    expect(requestsOf(send, 'checkAccountKey')).toHaveLength(0);
    expect(await account('a3')).toMatchObject({ name: 'three.example', apiKey: TYPED });
    await within(list()).findByRole('button', { name: 'Edit three.example' });
    // The form now edits the new account.
    expect(nameBox().value).toBe('three.example');
  });

  it('says why Add account is unavailable at twenty accounts', async () => {
    for (let n = 3; n <= MAX_ACCOUNTS; n++) {
      await saveSettings({ serviceUrl: `https://s${n}.example/api/v1` }, { account: 'new' });
    }
    renderPage();
    const add = await screen.findByRole('button', { name: 'Add account' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    const reason = document.getElementById(add.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('At most 20 accounts can be added. Remove one first.');
    fireEvent.click(add);
    expect(nameBox().value).toBe('One');
  });

  it('has no Remove for an administrator’s account', async () => {
    await fakeBrowser.storage.managed.set({
      accounts: [{ name: 'Corp', serviceUrl: 'https://corp.example/api/v1' }],
    });
    renderPage();
    await screen.findByRole('button', { name: 'Edit Corp' });
    expect(screen.queryByRole('button', { name: 'Remove Corp' })).toBeNull();
    const row = button('Edit Corp').closest('li') as HTMLElement;
    within(row).getByText('Set by your administrator');
  });
});

describe('a key typed over an account’s key', () => {
  async function typeKey(handlers: Handlers) {
    const send = renderPage(handlers);
    await screen.findByRole('button', { name: 'Edit One' });
    type(keyBox(), TYPED);
    click('Save');
    return send;
  }

  it('is saved when the service says it is the account’s', async () => {
    const send = await typeKey({ checkAccountKey: () => ok({ verdict: 'same' }) });
    await waitFor(() => expect(status().textContent).toBe('Saved.'));
    expect(requestsOf(send, 'checkAccountKey')).toEqual([
      { type: 'checkAccountKey', account: 'a1', serviceUrl: ONE.serviceUrl, apiKey: TYPED },
    ]);
    expect(await account('a1')).toMatchObject({ apiKey: TYPED });
  });

  it('is not saved when it is another account’s, and can be added as a new one', async () => {
    await typeKey({ checkAccountKey: () => ok({ verdict: 'other' }) });
    await waitFor(() => expect(status().textContent).toMatch(/belongs to another account/));
    expect(await account('a1')).toMatchObject({ apiKey: ONE.apiKey });
    const add = button('Add as new account');
    await waitFor(() => expect(document.activeElement).toBe(add));
    fireEvent.click(add);
    await waitFor(() => expect(status().textContent).toBe('Saved as a new account: one.example.'));
    expect(await account('a3')).toMatchObject({ serviceUrl: ONE.serviceUrl, apiKey: TYPED });
    expect(await account('a1')).toMatchObject({ apiKey: ONE.apiKey });
    expect(keyBox().value).toBe(TYPED);
  });

  it('asks when the service does not say: Same account, new key', async () => {
    await typeKey({ checkAccountKey: () => ok({ verdict: 'unknown' }) });
    await waitFor(() => expect(status().textContent).toMatch(/Is it a new key of One/));
    expect(await account('a1')).toMatchObject({ apiKey: ONE.apiKey });
    click('Same account, new key');
    await waitFor(() => expect(status().textContent).toBe('Saved.'));
    expect(await account('a1')).toMatchObject({ apiKey: TYPED });
    expect(await account('a3')).toBeUndefined();
  });

  it('asks when the service does not say: Another account', async () => {
    await typeKey({ checkAccountKey: () => ok({ verdict: 'unknown' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Another account' }));
    await waitFor(() => expect(status().textContent).toMatch(/Saved as a new account/));
    expect(await account('a1')).toMatchObject({ apiKey: ONE.apiKey });
    expect(await account('a3')).toMatchObject({ apiKey: TYPED });
  });

  it('drops the question when another account is edited', async () => {
    await typeKey({ checkAccountKey: () => ok({ verdict: 'unknown' }) });
    await screen.findByRole('button', { name: 'Same account, new key' });
    click('Edit Two');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Same account, new key' })).toBeNull(),
    );
    expect(await account('a2')).toMatchObject({ apiKey: TWO.apiKey });
    expect(await account('a1')).toMatchObject({ apiKey: ONE.apiKey });
  });

  it('says when the service refuses the key, as Test connection does, saving nothing', async () => {
    await typeKey({
      checkAccountKey: () =>
        fail('unauthorized', 'The service rejected this API key. Check it on the options page.'),
    });
    await waitFor(() =>
      expect(status().textContent).toBe(
        `${ONE.serviceUrl}: The service rejected this API key. Check it on the options page.`,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Same account, new key' })).toBeNull();
    expect(await account('a1')).toMatchObject({ apiKey: ONE.apiKey });
  });

  it('is checked when the service moves to another origin too', async () => {
    const send = renderPage({ checkAccountKey: () => ok({ verdict: 'unknown' }) });
    await screen.findByRole('button', { name: 'Edit One' });
    type(urlBox(), 'https://elsewhere.example/api/v1');
    click('Save');
    await screen.findByRole('button', { name: 'Same account, new key' });
    expect(requestsOf(send, 'checkAccountKey')[0]).toMatchObject({
      serviceUrl: 'https://elsewhere.example/api/v1',
      apiKey: ONE.apiKey,
    });
  });

  it('is not checked for an account without a key', async () => {
    await saveSettings({ apiKey: '' }, { account: 'a1' });
    const send = await typeKey({});
    await waitFor(() => expect(status().textContent).toBe('Saved.'));
    expect(requestsOf(send, 'checkAccountKey')).toHaveLength(0);
    expect(await account('a1')).toMatchObject({ apiKey: TYPED });
  });
});

describe('Remove', () => {
  const handlers: Handlers = {
    accountHoldings: () => ok({ watched: 3, analyses: 1, jobs: 2 }),
    // As the background does: the account leaves the list.
    removeAccount: async ({ id }) => {
      await dropAccount(id);
      return ok({ id });
    },
  };

  it('says what goes before removing, and Cancel keeps the account', async () => {
    const send = renderPage(handlers);
    await screen.findByRole('button', { name: 'Remove Two' });
    click('Remove Two');
    const dialog = await screen.findByRole('dialog', { name: 'Remove Two?' });
    expect(dialog.textContent).toMatch(
      'This browser forgets its API key, 3 watched pages, 1 analysis kept and 2 unfinished jobs.',
    );
    expect(requestsOf(send, 'accountHoldings')).toEqual([{ type: 'accountHoldings', id: 'a2' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf(send, 'removeAccount')).toHaveLength(0);
    expect(await account('a2')).toBeDefined();
  });

  it('removes the account when confirmed; the list follows and the focus stays in it', async () => {
    const send = renderPage(handlers);
    await screen.findByRole('button', { name: 'Remove Two' });
    click('Remove Two');
    const dialog = await screen.findByRole('dialog', { name: 'Remove Two?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Two' }));
    await waitFor(() => expect(status().textContent).toBe('Two removed.'));
    expect(requestsOf(send, 'removeAccount')).toEqual([{ type: 'removeAccount', id: 'a2' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Two' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button('Add account')));
  });

  it('moves the form to the account in use when the edited one is removed', async () => {
    renderPage(handlers);
    await screen.findByRole('button', { name: 'Edit Two' });
    click('Edit Two');
    click('Remove Two');
    const dialog = await screen.findByRole('dialog', { name: 'Remove Two?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Two' }));
    await waitFor(() => expect(nameBox().value).toBe('One'));
    expect(keyBox().value).toBe(ONE.apiKey);
  });

  it('says it in the singular', async () => {
    renderPage({ ...handlers, accountHoldings: () => ok({ watched: 1, analyses: 0, jobs: 1 }) });
    await screen.findByRole('button', { name: 'Remove Two' });
    click('Remove Two');
    const dialog = await screen.findByRole('dialog', { name: 'Remove Two?' });
    expect(dialog.textContent).toMatch('1 watched page, 0 analyses kept and 1 unfinished job.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says it in general words when the background cannot count', async () => {
    renderPage({ ...handlers, accountHoldings: () => fail('bad_message', 'No answer.') });
    await screen.findByRole('button', { name: 'Remove Two' });
    click('Remove Two');
    const dialog = await screen.findByRole('dialog', { name: 'Remove Two?' });
    expect(dialog.textContent).toMatch('This browser forgets its API key and everything it keeps');
  });
});
