// Checks of what callers hand the client, before anything is sent: every failure becomes an
// invalid_input error whose field messages a form can show next to its fields.
import type * as z from 'zod/mini';
import { type FieldErrors, invalidInput } from './errors';

/** `value` as `schema` reads it; `field` names every issue (e.g. a bare id) instead of its path. */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  field?: string,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = field ?? (issue.path.map(String).join('.') || 'input');
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  throw invalidInput(fieldErrors);
}

/** A limit in ms given as an option: `fallback` when absent, refused unless finite and > 0. */
export function positiveOption(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (!(value > 0) || !Number.isFinite(value)) throw invalidInput({ [field]: ['Must be > 0.'] });
  return value;
}
