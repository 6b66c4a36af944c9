// What the popup and the workspace show until they can show their content: "Loading…" (once
// loading takes long enough to notice), "Not connected yet" with the way to the options page, or
// why the status failed.
import { t } from '../../lib/i18n';
import { ErrorAlert } from '../ui/ErrorAlert';
import { SpinnerLine } from '../ui/Spinner';
import type { Load } from './useServiceStatus';

export interface NotReadyProps {
  load: Exclude<Load, { phase: 'ready' }>;
  slow: boolean;
  onRetry: () => unknown;
  openOptions: () => unknown;
}

export function NotReady({ load, slow, onRetry, openOptions }: NotReadyProps) {
  if (load.phase === 'loading') {
    return slow && <SpinnerLine class="loading">{t('popup_loading')}</SpinnerLine>;
  }
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
