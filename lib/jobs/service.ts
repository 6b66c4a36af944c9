// Which service a job belongs to: the saved base URL and a fingerprint of the saved key, so that
// a job is never sent to another service, or with another key, than the one it was made for.
import type { JobService } from './schema';

const encoder = new TextEncoder();

/** The first 16 bytes of the key's SHA-256, in hex: enough to tell keys apart, useless as a key. */
async function keyFingerprint(apiKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(apiKey));
  return [...new Uint8Array(digest).slice(0, 16)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}

export async function serviceOf(baseUrl: string, apiKey: string): Promise<JobService> {
  return { url: baseUrl, key: await keyFingerprint(apiKey) };
}

export function sameService(a: JobService | undefined, b: JobService | undefined): boolean {
  return a !== undefined && b !== undefined && a.url === b.url && a.key === b.key;
}

/** What a person recognises a service by: its origin. */
export function serviceOrigin({ url }: JobService): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
