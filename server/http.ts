// Small helpers for answering with node:http: JSON the way Laravel encodes it, HTML pages, and
// reading request bodies (form-encoded or JSON) with a size limit.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type HeaderMap = Record<string, string | number>;

/** What a route handler answers; the service adds the common headers and writes it. */
export interface JsonAnswer {
  status: number;
  body: unknown;
  headers?: HeaderMap;
}

/**
 * JSON as PHP's json_encode writes it by default (what a Laravel JsonResponse sends): slashes
 * escaped as `\/` and non-ASCII as `\uXXXX`. Any JSON parser reads it the same; clients that
 * compare raw text would notice, so the local service matches real deployments byte for byte.
 */
export function laravelJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('/', '\\/')
    .replace(
      /[\u0080-\uffff]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: HeaderMap = {},
) {
  const text = laravelJson(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: HeaderMap = {},
) {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/html; charset=UTF-8',
    'Content-Length': Buffer.byteLength(html),
  });
  res.end(html);
}

export function sendEmpty(res: ServerResponse, status: number, headers: HeaderMap = {}) {
  res.writeHead(status, headers);
  res.end();
}

export function redirect(
  res: ServerResponse,
  location: string,
  headers: HeaderMap = {},
  status = 302,
) {
  sendHtml(
    res,
    status,
    `<!DOCTYPE html><meta charset="UTF-8"><title>Redirecting</title><a href="${escapeHtml(location)}">Redirecting</a>`,
    { ...headers, Location: location },
  );
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
  }
}

export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new BodyTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The fields of a form-encoded body (what the contract sends) or of a JSON object body (which
 * Laravel accepts as well). Anything else, or a body that does not parse, has no fields, so
 * validation reports the missing ones.
 */
export async function readFields(
  req: IncomingMessage,
  maxBytes = 1024 * 1024,
): Promise<Record<string, string>> {
  const raw = (await readBody(req, maxBytes)).toString('utf8');
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
      const fields: Record<string, string> = {};
      for (const [name, value] of Object.entries(parsed)) {
        if (value === null || value === undefined) continue;
        fields[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
      }
      return fields;
    } catch {
      return {};
    }
  }
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  return {};
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** True when the client asked for JSON, as Laravel's `expectsJson()` decides it. */
export function wantsJson(req: IncomingMessage): boolean {
  const accept = (req.headers.accept ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  const type = accept.split(';')[0] ?? '';
  return type.includes('/json') || type.includes('+json');
}

/** The request path with secrets that should never reach a log (just in case) masked out. */
export function loggablePath(rawUrl: string): string {
  const queryStart = rawUrl.indexOf('?');
  if (queryStart === -1) return rawUrl;
  const params = new URLSearchParams(rawUrl.slice(queryStart + 1));
  let masked = false;
  for (const name of [...params.keys()]) {
    if (/pass|key|token|secret/i.test(name)) {
      params.set(name, '***');
      masked = true;
    }
  }
  return masked ? `${rawUrl.slice(0, queryStart)}?${params}` : rawUrl;
}
