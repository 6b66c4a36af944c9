// "Analyzing…" with a spinner, while a report is created or re-analyzed.
import { t } from '../../lib/i18n';

export function Progress() {
  return (
    <p class="progress" role="status">
      <span class="spinner" aria-hidden="true" />
      {t('popup_analyzing')}
    </p>
  );
}
