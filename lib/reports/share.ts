// Sharing a report: a generated password for Password, and the text copied for one report or for
// several. Links come from the caller (the pages pass reportPageUrl, which Open report uses too).

/** Letters and digits without the look-alikes 0/O/o, 1/l/I and i, so a password can be read out. */
export const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

export const PASSWORD_LENGTH = 20;

/** Fills `bytes` in place with random values. */
type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => unknown;

const cryptoFill: RandomFill = (bytes) => crypto.getRandomValues(bytes);

/**
 * A password of `length` characters from PASSWORD_ALPHABET. Bytes at or above the largest multiple
 * of the alphabet's size are drawn again (rejection sampling), so every character is equally likely.
 */
export function generatePassword(length = PASSWORD_LENGTH, fill: RandomFill = cryptoFill): string {
  const size = PASSWORD_ALPHABET.length;
  const limit = 256 - (256 % size);
  let password = '';
  while (password.length < length) {
    const bytes = new Uint8Array(length * 2);
    fill(bytes);
    for (const byte of bytes) {
      if (byte >= limit) continue;
      password += PASSWORD_ALPHABET[byte % size];
      if (password.length === length) break;
    }
  }
  return password;
}

/** What Share sends: Public, or Password with the generated password. */
export type ShareChoice = { privacy: 0 } | { privacy: 2; password: string };

/** A shared report: its page address and where it is on the service. */
export interface SharedReport {
  url: string;
  link: string;
}

/** Report `id`'s page on the service, when the service has a web address. */
export type LinkOf = (id: number) => string | undefined;

/** `reports` with their links; those without one are left out. */
export function sharedReports(
  linkOf: LinkOf,
  reports: readonly { id: number; url: string }[],
): SharedReport[] {
  return reports.flatMap(({ id, url }) => {
    const link = linkOf(id);
    return link ? [{ url, link }] : [];
  });
}

/**
 * What is copied: one report's link alone, or "address — link" per report; a password (the same
 * for all) once at the end on its own line, after `passwordLabel` ("Password:").
 */
export function shareText(
  shared: readonly SharedReport[] | string,
  password?: { label: string; value: string },
): string {
  const lines =
    typeof shared === 'string' ? [shared] : shared.map(({ url, link }) => `${url} — ${link}`);
  if (password) lines.push(`${password.label} ${password.value}`);
  return lines.join('\n');
}

/**
 * What a finished privacy job shared: the reports its items changed (with their addresses from
 * `urls`, the list they were chosen in), and how many it did not (failed, cancelled, unknown).
 */
export function sharedByJob(
  linkOf: LinkOf,
  items: readonly { state: string; op: { type: string; id?: number } }[],
  urls: ReadonlyMap<number, string>,
): { shared: SharedReport[]; failed: number } {
  const done = items.flatMap(({ state, op }) =>
    state === 'done' && op.type === 'update' && op.id !== undefined
      ? [{ id: op.id, url: urls.get(op.id) ?? String(op.id) }]
      : [],
  );
  const shared = sharedReports(linkOf, done);
  return { shared, failed: items.length - shared.length };
}
