// A key typed over an account's key is checked before anything of that account is sent with it:
// the service's `/account` id of the new key must be the account's. Without `/account` (or an id
// in it) the user says whether it is the same account; another id is refused.
import * as z from 'zod/mini';
import { originOf } from '../url-parts';

export const KeyVerdict = z.object({
  /**
   * `same`: the service says it is the account's key; `other`: another account's (refused);
   * `unknown`: the service does not say, so the user decides.
   */
  verdict: z.enum(['same', 'other', 'unknown']),
});
export type KeyVerdict = z.infer<typeof KeyVerdict>;

/**
 * `recorded`: the account's id at its service, as recorded or asked with its saved key;
 * `typed`: the id the service gives for the typed key. Ids of two services are not compared.
 */
export function keyVerdict(
  saved: { serviceUrl: string; id: number | undefined },
  typed: { serviceUrl: string; id: number | undefined },
): KeyVerdict {
  if (originOf(saved.serviceUrl) !== originOf(typed.serviceUrl)) return { verdict: 'unknown' };
  if (saved.id === undefined || typed.id === undefined) return { verdict: 'unknown' };
  return { verdict: saved.id === typed.id ? 'same' : 'other' };
}

/** What removing an account takes with it, besides its key. */
export const AccountHoldings = z.object({
  watched: z.number(),
  /** Analyses kept in the history. */
  analyses: z.number(),
  /** Jobs not finished yet. */
  jobs: z.number(),
});
export type AccountHoldings = z.infer<typeof AccountHoldings>;
