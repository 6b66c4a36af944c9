// The options page's "Keyboard shortcuts": each command, its keys ("Not set" when none), and where
// the browser changes them.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n';
import {
  type Command,
  type ShortcutRow,
  type ShortcutsPlace,
  shortcutRows,
  shortcutsPlace,
} from '../../lib/reach/shortcuts';

export interface ShortcutsSectionProps {
  /** `browser.commands.getAll`, or a stand-in in tests. */
  getCommands?: () => Promise<Command[]>;
  place?: ShortcutsPlace;
}

const WHERE = {
  chromium: 'options_shortcuts_where_chromium',
  firefox: 'options_shortcuts_where_firefox',
} as const;

// Async: a browser without the API rejects rather than throws during the render.
const allCommands = async (): Promise<Command[]> => browser.commands.getAll();

export function ShortcutsSection({
  getCommands = allCommands,
  place = shortcutsPlace(browser.runtime.getURL('/')),
}: ShortcutsSectionProps) {
  const [rows, setRows] = useState<ShortcutRow[] | null>(null);
  useEffect(() => {
    let live = true;
    getCommands().then(
      (commands) =>
        live && setRows(shortcutRows(commands, { openPopup: t('options_shortcut_open_popup') })),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [getCommands]);

  return (
    <section class="stack" aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading">{t('options_shortcuts_heading')}</h2>
      {rows && rows.length === 0 && <p>{t('options_shortcuts_none')}</p>}
      {rows && rows.length > 0 && (
        <table class="shortcuts">
          <thead>
            <tr>
              <th scope="col">{t('options_shortcuts_action')}</th>
              <th scope="col">{t('options_shortcuts_keys')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <td>{row.description}</td>
                <td>{row.shortcut ? <kbd>{row.shortcut}</kbd> : t('options_shortcut_not_set')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p class="muted">{t(WHERE[place])}</p>
    </section>
  );
}
