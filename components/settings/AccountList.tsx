// The options page's accounts: each with its name, service and plan, Edit and Remove (which says
// first what goes with it), and Add account, up to MAX_ACCOUNTS. An administrator's preset stays.
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { type Account, MAX_ACCOUNTS } from '../../lib/account/accounts';
import type { AccountHoldings } from '../../lib/account/key-check';
import { planText } from '../../lib/account/words';
import type { Plan } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { type Editing, holdingsText, isPresetId } from '../../lib/settings/form';
import { hostOf } from '../../lib/url-parts';
import { ConfirmDialog } from '../ui/ConfirmDialog';

export interface AccountListProps {
  accounts: Account[];
  inUse: string | undefined;
  editing: Editing;
  send: Sender;
  onEdit: (editing: Editing) => void;
  /** Says how a removal went (the status region). */
  onStatus: (text: string) => void;
}

/**
 * The plans the background keeps for the accounts (getPlan of each), by account id; an account
 * with none kept is missing. Asked of the background, which reads what it keeps and asks no service.
 */
function useAccountPlans(send: Sender, accounts: readonly Account[]): Map<string, Plan> {
  const [plans, setPlans] = useState<Map<string, Plan>>(new Map());
  const ids = accounts.map(({ id }) => id).join(' ');
  useEffect(() => {
    let live = true;
    const asked = ids === '' ? [] : ids.split(' ');
    void Promise.all(
      asked.map(async (account) => {
        const answer = await send({ type: 'getPlan', account });
        return answer.ok && answer.data ? ([account, answer.data] as const) : null;
      }),
    ).then((found) => {
      if (live) setPlans(new Map(found.filter((entry) => entry !== null)));
    });
    return () => {
      live = false;
    };
  }, [send, ids]);
  return plans;
}

interface Removing {
  account: Account;
  /** What goes with it, or null when the background could not say. */
  holdings: AccountHoldings | null;
}

export function AccountList({
  accounts,
  inUse,
  editing,
  send,
  onEdit,
  onStatus,
}: AccountListProps) {
  const id = useId();
  const plans = useAccountPlans(send, accounts);
  const [removing, setRemoving] = useState<Removing | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const full = accounts.length >= MAX_ACCOUNTS;

  async function askRemove(account: Account) {
    const answer = await send({ type: 'accountHoldings', id: account.id });
    setRemoving({ account, holdings: answer.ok ? answer.data : null });
  }

  async function remove(account: Account) {
    setRemoving(null);
    const answer = await send({ type: 'removeAccount', id: account.id });
    onStatus(answer.ok ? t('options_account_removed', account.name) : answer.error.message);
    if (!answer.ok) return;
    // Its row is gone: the focus goes on from the list's own button.
    requestAnimationFrame(() => addRef.current?.focus());
  }

  return (
    <section class="stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('options_accounts_heading')}</h2>
      <ul class="accounts">
        {accounts.map((account) => {
          const plan = plans.get(account.id);
          return (
            <li
              key={account.id}
              class="account"
              aria-current={account.id === editing ? 'true' : undefined}
            >
              <div class="account-text">
                <strong>{account.name}</strong>
                {account.id === inUse && <span class="badge">{t('options_account_in_use')}</span>}
                <span class="muted">
                  {hostOf(account.serviceUrl) ?? t('options_account_no_service')}
                  {plan && ` · ${planText(plan)}`}
                </span>
              </div>
              <div class="actions">
                <button type="button" onClick={() => onEdit(account.id)}>
                  {t('options_account_edit', account.name)}
                </button>
                {isPresetId(account.id) ? (
                  <span class="hint locked">{t('options_account_preset')}</span>
                ) : (
                  <button type="button" class="danger" onClick={() => void askRemove(account)}>
                    {t('options_account_remove', account.name)}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <div class="actions">
        {/* Focusable when unavailable, so that the reason is read with it. */}
        <button
          ref={addRef}
          type="button"
          aria-disabled={full ? 'true' : undefined}
          aria-describedby={full ? `${id}-full` : undefined}
          onClick={() => !full && onEdit('new')}
        >
          {t('options_account_add')}
        </button>
      </div>
      {full && (
        <p id={`${id}-full`} class="hint">
          {t('error_too_many_accounts', MAX_ACCOUNTS)}
        </p>
      )}
      {removing && (
        <ConfirmDialog
          title={t('options_remove_account_question', removing.account.name)}
          confirmLabel={t('options_account_remove', removing.account.name)}
          onConfirm={() => void remove(removing.account)}
          onCancel={() => setRemoving(null)}
        >
          {holdingsText(removing.holdings)}
        </ConfirmDialog>
      )}
    </section>
  );
}
