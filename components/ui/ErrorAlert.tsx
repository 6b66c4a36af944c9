// A failure in words, placed next to what failed: what was being done, what went wrong (said by
// lib/error-text.ts, like every error), and what to do (retry time, options page, try again).
import type { ErrorData } from '../../lib/api/model';
import { errorText } from '../../lib/error-text';
import { t } from '../../lib/i18n';

/** The service's first message about `field` in a validation error, shown beside the field. */
export function fieldError(error: ErrorData | null | undefined, field: string): string | undefined {
  return error?.fieldErrors?.[field]?.[0];
}

export interface ErrorAlertProps {
  error: ErrorData | null | undefined;
  /** What was being done, e.g. "Couldn't create the report." */
  context?: string;
  /** Fields whose messages are shown beside the fields themselves (left out here). */
  shownFields?: readonly string[];
  onRetry?: () => unknown;
  /** Offered when the key was rejected or the extension is not connected. */
  onOpenOptions?: () => unknown;
}

export function ErrorAlert({
  error,
  context,
  shownFields = [],
  onRetry,
  onOpenOptions,
}: ErrorAlertProps) {
  if (!error) return null;
  const otherFields = Object.entries(error.fieldErrors ?? {}).filter(
    ([field, messages]) => !shownFields.includes(field) && messages.length > 0,
  );
  const needsOptions = error.kind === 'unauthorized' || error.kind === 'not_connected';
  return (
    <div class="alert" role="alert">
      <p>
        {context && <strong>{context} </strong>}
        {errorText(error)}
      </p>
      {otherFields.length > 0 && (
        <ul class="alert-fields">
          {otherFields.map(([field, messages]) => (
            <li key={field}>
              {field}: {messages.join(' ')}
            </li>
          ))}
        </ul>
      )}
      {(onRetry || (needsOptions && onOpenOptions)) && (
        <p class="actions">
          {onRetry && (
            <button type="button" onClick={() => onRetry()}>
              {t('common_retry')}
            </button>
          )}
          {needsOptions && onOpenOptions && (
            <button type="button" onClick={() => onOpenOptions()}>
              {t('common_openOptions')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
