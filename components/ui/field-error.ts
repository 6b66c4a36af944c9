// A service's message about one field of a form (from a validation error), shown beside the
// field. Apart from ErrorAlert, so that a form can show it without loading the alert's code.
import type { ErrorData } from '../../lib/api/model';

/** The first message for `field` in a validation error, if any. */
export function fieldError(error: ErrorData | null | undefined, field: string): string | undefined {
  return error?.fieldErrors?.[field]?.[0];
}
