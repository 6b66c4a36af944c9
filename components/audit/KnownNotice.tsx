// What the preview knows of pages that already have a report (or are still queued): still
// asking, failed (nothing can be sent: an alert with Try again), or how many.
import { formatNumber } from '../../lib/format-number';
import { t } from '../../lib/i18n';
import { ErrorAlert } from '../ui/ErrorAlert';
import type { KnownState } from './useAddPages';

export function KnownNotice({
  id,
  known,
  count,
  queuedCount,
  onLookUpAgain,
  openOptions,
}: {
  id: string;
  known: KnownState;
  count: number;
  /** Of the addresses shown, how many are queued. */
  queuedCount: number;
  onLookUpAgain: () => void;
  openOptions: () => unknown;
}) {
  if (known.state === 'asking') {
    return (
      <p class="muted" role="status">
        {t('audit_lookingUp')}
      </p>
    );
  }
  if (known.state === 'failed') {
    return (
      <div id={id}>
        <ErrorAlert
          error={known.error}
          context={t('audit_knownFailed')}
          onRetry={onLookUpAgain}
          onOpenOptions={openOptions}
        />
      </div>
    );
  }
  return (
    <>
      {count > 0 && (
        <p class="muted">
          {count === 1 ? t('audit_knownCount_one') : t('audit_knownCount', formatNumber(count))}
        </p>
      )}
      {queuedCount > 0 && (
        <p class="muted">
          {queuedCount === 1
            ? t('audit_queuedCount_one')
            : t('audit_queuedCount', formatNumber(queuedCount))}
        </p>
      )}
      {known.unknown.size > 0 && (
        <p class="warning">
          {known.unknown.size === 1
            ? t('audit_unknownCount_one')
            : t('audit_unknownCount', known.unknown.size.toLocaleString())}
        </p>
      )}
      {known.unchecked.size > 0 && (
        <p class="warning">
          {known.unchecked.size === 1
            ? t('audit_notCheckedCount_one')
            : t('audit_notCheckedCount', known.unchecked.size.toLocaleString())}
        </p>
      )}
    </>
  );
}
