// What the pages may know of an account, apart from the accounts' list (accounts.ts), which only
// the background and the options page load: its local id and its name, never its key.
import * as z from 'zod/mini';

/** A local id: `a` and a number, never given twice (accounts.ts `nextId`). */
export const AccountId = z.string().check(z.regex(/^[a-z][a-z0-9]{0,15}$/));
export type AccountId = z.infer<typeof AccountId>;

export const AccountChoice = z.object({ id: AccountId, name: z.string() });
export type AccountChoice = z.infer<typeof AccountChoice>;
