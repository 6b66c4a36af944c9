// Reading an answer's body without trusting its size: a body over the cap is refused by its
// Content-Length, or read no further than the cap and cancelled.

/**
 * The largest body read, in bytes. The largest legitimate answer is a list page of 100 reports
 * with their `results`: from the local service (server/, its real analysis) that is about 270 kB
 * (2.7 kB a report). 8 MiB leaves a margin of 30 times that (80 kB of details a report) for
 * deployments whose analyses say more, while an answer that is not one (a dump, a media file, a
 * runaway server) is refused before it costs the background tens of MB.
 */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * The body as text, or undefined when it is over MAX_BODY_BYTES: then it is refused by its
 * Content-Length when that is given, and otherwise read no further than the cap, then cancelled.
 */
export async function readBody(
  response: Response,
  signal: AbortSignal,
): Promise<string | undefined> {
  const declared = response.headers.get('Content-Length')?.trim();
  if (declared && /^\d+$/.test(declared) && Number(declared) > MAX_BODY_BYTES) {
    response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  // Also on a timeout or a cancel, so that a fetch that ignores its signal lets go of the body.
  signal.addEventListener('abort', cancel, { once: true });
  try {
    const decoder = new TextDecoder();
    let text = '';
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        cancel();
        return undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
