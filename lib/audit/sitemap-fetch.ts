// Fetching a sitemap's files: each under a deadline (its body included) and Cancel, bounded in
// bytes, gzip undone by its magic bytes, and a fetch refused for want of access tried once more
// when access is granted.
import { MAX_FILE_BYTES } from './limits';
import { Failed, fail } from './sitemap-failure';

/** Each fetch, its body included, must be over within this time. */
export const SITEMAP_FETCH_TIMEOUT_MS = 30_000;

/**
 * A refused fetch's second chance: a promise of whether access to its origin was granted since
 * (then it is tried once more); 'notAsked' when access to that origin was not asked for; null
 * when access was there already (the site is unreachable).
 */
export type OnRefused = (url: string) => Promise<boolean> | 'notAsked' | null;

export interface SitemapFetchDeps {
  /** Fetches a file; a refusal (CORS, no access, offline) rejects with a TypeError. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Ends the read (Cancel): it answers 'cancelled'. */
  signal?: AbortSignal;
  /** Each fetch's deadline, body included (default SITEMAP_FETCH_TIMEOUT_MS). */
  timeoutMs?: number;
  onRefused?: OnRefused;
}

/** A fetch refused as a network failure (TypeError), before its second chance. */
class Refused extends Error {}

/** Reads at most `limit` bytes of a stream; more is a 'tooLarge' failure. */
async function readBounded(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  url: string,
  onError: () => never,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  // A stalled body is let go of when the fetch's deadline (or Cancel) stops it.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        return onError();
      }
      if (step.done) break;
      size += step.value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        fail('tooLarge', url);
      }
      chunks.push(step.value);
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/** A gzip body's text, bounded like any file; damaged data is a 'corruptGzip' failure. */
export async function gunzip(bytes: Uint8Array, url: string, limit = MAX_FILE_BYTES) {
  const stream = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new DecompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>);
  return readBounded(stream, limit, url, () => fail('corruptGzip', url));
}

export interface Fetched {
  text: string;
  html: boolean;
  /** Its bytes (after gzip). */
  size: number;
}

/**
 * Runs `work` under the fetch's deadline and the read's signal: whichever comes first aborts the
 * signal `work` gets, and the wait ends at once, whatever the fetch does with that signal.
 */
async function stoppable<T>(
  url: string,
  deps: SitemapFetchDeps,
  work: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number | null,
): Promise<T> {
  const controller = new AbortController();
  let stopped = false;
  let reject: (error: unknown) => void = () => undefined;
  const stop = new Promise<never>((_, rejectStop) => {
    reject = rejectStop;
  });
  const end = (reason: 'timeout' | 'cancelled') => {
    if (stopped) return;
    stopped = true;
    controller.abort();
    reject(new Failed({ reason, url }));
  };
  const onAbort = () => end('cancelled');
  const timer = timeoutMs === null ? undefined : setTimeout(() => end('timeout'), timeoutMs);
  if (deps.signal?.aborted) onAbort();
  else deps.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([work(controller.signal), stop]);
  } finally {
    clearTimeout(timer);
    deps.signal?.removeEventListener('abort', onAbort);
  }
}

/** One try at a file: a refusal is `Refused`; anything it takes longer than the deadline. */
async function fetchOnce(url: string, deps: SitemapFetchDeps, limit: number): Promise<Fetched> {
  return stoppable(
    url,
    deps,
    async (signal) => {
      let response: Response;
      try {
        response = await deps.fetch(url, {
          credentials: 'omit',
          signal,
          headers: { Accept: 'application/xml, text/xml, text/plain, */*' },
        });
      } catch (error) {
        if (error instanceof TypeError) throw new Refused();
        throw error;
      }
      if (!response.ok) {
        void response.body?.cancel().catch(() => undefined);
        fail('httpStatus', url, response.status);
      }
      const body = response.body ?? new Blob([]).stream();
      let bytes = await readBounded(body, limit, url, () => fail('network', url), signal);
      if (isGzip(bytes)) bytes = await gunzip(bytes, url, limit);
      const type = response.headers.get('content-type') ?? '';
      return {
        text: new TextDecoder().decode(bytes),
        html: /html/i.test(type),
        size: bytes.byteLength,
      };
    },
    deps.timeoutMs ?? SITEMAP_FETCH_TIMEOUT_MS,
  );
}

/** A file, with a refused fetch's second chance (see OnRefused). */
export async function fetchFile(
  url: string,
  deps: SitemapFetchDeps,
  limit: number,
): Promise<Fetched> {
  try {
    return await fetchOnce(url, deps, limit);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
  }
  const retry = deps.onRefused?.(url) ?? null;
  if (retry === 'notAsked') return fail('needsAccess', url);
  if (retry === null) return fail('network', url);
  // The prompt may take its time (or never settle, headless): only Cancel ends this wait.
  if (!(await stoppable(url, deps, () => retry, null))) return fail('noAccess', url);
  try {
    return await fetchOnce(url, deps, limit);
  } catch (error) {
    if (error instanceof Refused) fail('noAccess', url);
    throw error;
  }
}
