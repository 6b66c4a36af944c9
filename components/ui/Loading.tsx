// "Loading…" with a spinner, once loading takes long enough to notice (see NotReady). Apart from
// NotReady, whose other states (not connected, failed) the popup loads only when it needs them.
import { t } from '../../lib/i18n';

export function Loading() {
  return (
    <p class="loading" role="status">
      <span class="spinner" aria-hidden="true" />
      {t('popup_loading')}
    </p>
  );
}
