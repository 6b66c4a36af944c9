// Which account a job belongs to: its local id, its service's base URL and a fingerprint of its
// key, so that a job is never sent for another account than the one it was made for.
import type { JobService } from './schema';

const encoder = new TextEncoder();

/** The first 16 bytes of the key's SHA-256, in hex: enough to tell keys apart, useless as a key. */
async function keyFingerprint(apiKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(apiKey));
  return [...new Uint8Array(digest).slice(0, 16)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}

export async function serviceOf(
  baseUrl: string,
  apiKey: string,
  account?: string,
): Promise<JobService> {
  return { ...(account && { account }), url: baseUrl, key: await keyFingerprint(apiKey) };
}

/**
 * Whether two are of one account at one service address. A job goes on with its account's key,
 * even a new one (a key is checked to be the account's before it is saved), but never at another
 * address: the same ids there may be other reports.
 */
export function sameService(a: JobService | undefined, b: JobService | undefined): boolean {
  return a?.account !== undefined && a.account === b?.account && a.url === b.url;
}

/** What a job's answers are kept under: its account, or for an older job its base URL. */
export const accountOf = (service: JobService): string => service.account ?? service.url;

/**
 * What pacing and a used-up quota are kept under: the account at its service's address (the
 * limit is per key, and an account whose address changed meets another limit there).
 */
export const paceKey = ({ account, url }: { account?: string; url: string }): string =>
  account === undefined ? url : `${account} ${url}`;

/** What a person recognises a service by: its origin. */
export function serviceOrigin({ url }: JobService): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
