// What the popup shows until it can show This page: "Loading…" (once loading takes long enough
// to notice), "Not connected yet" with the way to the options page, or why the status failed.

import { t } from '../../lib/i18n';
import { ErrorAlert } from '../ui/ErrorAlert';
import { Loading } from '../ui/Loading';
import type { Load } from './usePopupStatus';

export interface NotReadyProps {
  load: Exclude<Load, { phase: 'ready' }>;
  slow: boolean;
  onRetry: () => unknown;
  openOptions: () => unknown;
}

/**
 * The content of the page's <main> until it is ready (busy while loading is not yet slow). The
 * popup shows Loading itself and loads this module only when not connected or failed.
 */
export function NotReady({ load, slow, onRetry, openOptions }: NotReadyProps) {
  if (load.phase === 'loading') return slow && <Loading />;
  if (load.phase === 'notConnected') {
    return (
      <section class="not-connected" aria-labelledby="not-connected-title">
        <h1 id="not-connected-title">{t('popup_notConnectedTitle')}</h1>
        <p>{t('popup_notConnectedText')}</p>
        <button type="button" class="primary" onClick={() => openOptions()}>
          {t('common_openOptions')}
        </button>
      </section>
    );
  }
  return (
    <ErrorAlert
      error={load.error}
      context={t('popup_statusFailed')}
      onRetry={onRetry}
      onOpenOptions={openOptions}
    />
  );
}
