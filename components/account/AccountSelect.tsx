// The pages' "Account" select: which account the popup, the workspace, the badge and the menus act
// for. Shown with two accounts or more; the page follows the settings summary once it changes.
import { useEffect, useId, useState } from 'preact/hooks';
import type { AccountChoice } from '../../lib/account/accounts';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import './account-select.css';

export interface AccountSelectProps {
  accounts: AccountChoice[];
  /** The account in use. */
  account: string | null;
  send: Sender;
}

export function AccountSelect({ accounts, account, send }: AccountSelectProps) {
  const id = useId();
  const [chosen, setChosen] = useState(account);
  const [error, setError] = useState<string | null>(null);
  // The account in use changed elsewhere (another page, the options page).
  useEffect(() => setChosen(account), [account]);

  if (accounts.length < 2) return null;

  async function choose(next: string) {
    setChosen(next);
    setError(null);
    const answer = await send({ type: 'useAccount', id: next });
    if (answer.ok) return;
    setChosen(account);
    setError(answer.error.message);
  }

  return (
    <div class="account-select">
      <label for={id}>{t('account_select_label')}</label>
      <select
        id={id}
        value={chosen ?? ''}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => void choose(event.currentTarget.value)}
      >
        {accounts.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} class="alert" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
