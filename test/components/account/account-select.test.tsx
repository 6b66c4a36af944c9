// @vitest-environment happy-dom
// The "Account" select of the popup and the workspace: shown with two accounts or more, it makes
// the chosen one the account in use (useAccount), and the page follows the settings summary.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AccountSelect } from '../../../components/account/AccountSelect';
import { storedSettingsSummary } from '../../../lib/settings/summary';
import { fail, fakeSend, ok, renderPopup, requestsOf, status } from '../popup-helpers';
import { renderShell } from '../workspace/workspace-helpers';

afterEach(cleanup);

const TWO = [
  { id: 'a1', name: 'reports.example.com' },
  { id: 'a2', name: 'Agency' },
];

const select = () => screen.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement;

describe('AccountSelect', () => {
  it('is not shown with one account', () => {
    const send = fakeSend({});
    render(<AccountSelect accounts={TWO.slice(0, 1)} account="a1" send={send} />);
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
  });

  it('lists the accounts by name, the one in use chosen, and sends useAccount', async () => {
    const send = fakeSend({ useAccount: ({ id }) => ok({ id }) });
    render(<AccountSelect accounts={TWO} account="a1" send={send} />);
    expect([...select().options].map((option) => option.text)).toEqual([
      'reports.example.com',
      'Agency',
    ]);
    expect(select().value).toBe('a1');
    fireEvent.change(select(), { target: { value: 'a2' } });
    await waitFor(() =>
      expect(requestsOf(send, 'useAccount')).toEqual([{ type: 'useAccount', id: 'a2' }]),
    );
    expect(select().value).toBe('a2');
  });

  it('goes back to the account in use and says why when the choice fails', async () => {
    const send = fakeSend({
      useAccount: () => fail('invalid_input', 'That account no longer exists. Choose another one.'),
    });
    render(<AccountSelect accounts={TWO} account="a1" send={send} />);
    fireEvent.change(select(), { target: { value: 'a2' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/no longer exists/);
    expect(select().value).toBe('a1');
  });
});

describe('in the popup', () => {
  it('is not there with one account', async () => {
    renderPopup({
      handlers: { getStatus: () => ok(status({ account: 'a1', accounts: TWO.slice(0, 1) })) },
    });
    await screen.findByRole('tab', { name: 'This page' });
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
  });

  it('switches the account, and the popup follows the settings summary', async () => {
    let inUse = 'a1';
    const { send } = renderPopup({
      handlers: {
        getStatus: () => ok(status({ account: inUse, accounts: TWO })),
        useAccount: ({ id }) => {
          inUse = id;
          return ok({ id });
        },
      },
    });
    const box = (await screen.findByRole('combobox', { name: 'Account' })) as HTMLSelectElement;
    expect(box.value).toBe('a1');
    fireEvent.change(box, { target: { value: 'a2' } });
    await waitFor(() => expect(requestsOf(send, 'useAccount')).toHaveLength(1));
    const asked = requestsOf(send, 'getStatus').length;
    // The background writes the summary of the account now in use.
    const { cached: _, queued: __, ...summary } = status({ account: 'a2', accounts: TWO });
    await fakeBrowser.storage.local.set({ settingsSummary: storedSettingsSummary(summary) });
    await waitFor(() => expect(requestsOf(send, 'getStatus').length).toBeGreaterThan(asked + 1));
    await waitFor(() => expect(select().value).toBe('a2'));
  });
});

describe('in the workspace', () => {
  it('is in the header with two accounts', async () => {
    const { send } = await renderShell({
      summary: { account: 'a2', accounts: TWO },
      handlers: { useAccount: ({ id }) => ok({ id }) },
    });
    expect(select().value).toBe('a2');
    fireEvent.change(select(), { target: { value: 'a1' } });
    await waitFor(() =>
      expect(requestsOf(send, 'useAccount')).toEqual([{ type: 'useAccount', id: 'a1' }]),
    );
  });

  it('is not there with one account', async () => {
    await renderShell({ summary: { account: 'a1', accounts: TWO.slice(0, 1) } });
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
  });
});
