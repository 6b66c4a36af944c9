// Reading an answer's body without trusting its size: refused by its Content-Length, or cut off.

/** The largest body read, in bytes: 30 times the largest real answer (100 reports with results,
 * about 270 kB), while a dump or a runaway server is refused before it costs tens of MB. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The body as text, or undefined when it is over MAX_BODY_BYTES. */
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
