// Fetching a sitemap's files: each under a deadline (its body included) and Cancel, streamed as
// text and bounded in bytes as it comes, gzip undone by its magic bytes, and a fetch refused for
// want of access tried once more when access is granted.
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

/**
 * A stream's chunks, at most `limit` bytes in all (more is a 'tooLarge' failure); a failed read is
 * `onError`'s. The stream is let go of when the read stops early, is cancelled or times out.
 */
async function* boundedChunks(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  url: string,
  onError: (error: unknown) => never,
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  // A stalled body is let go of when the fetch's deadline (or Cancel) stops it.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  let size = 0;
  let done = false;
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        return onError(error);
      }
      if (step.done) {
        done = true;
        return;
      }
      size += step.value.byteLength;
      if (size > limit) fail('tooLarge', url);
      yield step.value;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    if (!done) cancel();
  }
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** The chunks of gzip data `source` gives, undone; damaged data is a 'corruptGzip' failure. */
function gunzipped(
  source: AsyncIterator<Uint8Array>,
  url: string,
  limit: number,
): AsyncGenerator<Uint8Array> {
  // How the source failed (the network, its bound), told apart from damaged gzip.
  let sourceFailure: unknown = null;
  const input = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const step = await source.next();
        if (step.done) controller.close();
        else controller.enqueue(step.value);
      } catch (error) {
        sourceFailure = error;
        throw error;
      }
    },
    async cancel() {
      await source.return?.();
    },
  });
  const output = input.pipeThrough(
    new DecompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>,
  );
  return boundedChunks(output, limit, url, () => {
    throw sourceFailure ?? new Failed({ reason: 'corruptGzip', url });
  });
}

/** A body's chunks, bounded, through gzip when its first bytes say so (whatever its name). */
async function* bodyChunks(
  body: ReadableStream<Uint8Array>,
  limit: number,
  url: string,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const raw = boundedChunks(body, limit, url, () => fail('network', url), signal);
  const head: Uint8Array[] = [];
  const first: number[] = [];
  while (first.length < GZIP_MAGIC.length) {
    const step = await raw.next();
    if (step.done) break;
    head.push(step.value);
    first.push(...step.value.subarray(0, GZIP_MAGIC.length - first.length));
  }
  const all = (async function* () {
    yield* head;
    yield* raw;
  })();
  if (GZIP_MAGIC.every((byte, at) => first[at] === byte)) yield* gunzipped(all, url, limit);
  else yield* all;
}

/** A gzip body's bytes, bounded like any file; damaged data is a 'corruptGzip' failure. */
export async function gunzip(bytes: Uint8Array, url: string, limit = MAX_FILE_BYTES) {
  const chunks: Uint8Array[] = [];
  const source = (async function* () {
    yield bytes;
  })();
  for await (const chunk of gunzipped(source, url, limit)) chunks.push(chunk);
  return new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer());
}

export interface Fetched {
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

/**
 * One try at a file, its text given to `onText` as it comes: a refusal is `Refused`; anything it
 * takes longer than the deadline.
 */
async function fetchOnce(
  url: string,
  deps: SitemapFetchDeps,
  limit: number,
  onText: (text: string) => void,
): Promise<Fetched> {
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
      const decoder = new TextDecoder();
      let size = 0;
      for await (const chunk of bodyChunks(body, limit, url, signal)) {
        size += chunk.byteLength;
        onText(decoder.decode(chunk, { stream: true }));
      }
      onText(decoder.decode());
      const type = response.headers.get('content-type') ?? '';
      return { html: /html/i.test(type), size };
    },
    deps.timeoutMs ?? SITEMAP_FETCH_TIMEOUT_MS,
  );
}

/**
 * A file, its text given to `onText` as it comes (nothing is given before a refusal), with a
 * refused fetch's second chance (see OnRefused).
 */
export async function fetchFile(
  url: string,
  deps: SitemapFetchDeps,
  limit: number,
  onText: (text: string) => void,
): Promise<Fetched> {
  try {
    return await fetchOnce(url, deps, limit, onText);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
  }
  const retry = deps.onRefused?.(url) ?? null;
  if (retry === 'notAsked') return fail('needsAccess', url);
  if (retry === null) return fail('network', url);
  // The prompt may take its time (or never settle, headless): only Cancel ends this wait.
  if (!(await stoppable(url, deps, () => retry, null))) return fail('noAccess', url);
  try {
    return await fetchOnce(url, deps, limit, onText);
  } catch (error) {
    if (error instanceof Refused) fail('noAccess', url);
    throw error;
  }
}
