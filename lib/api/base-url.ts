// The rules for a service address, shared by the API client and the settings.

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

export type BaseUrlProblem = 'malformed' | 'scheme' | 'http_not_loopback' | 'extra_parts';

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; problem: BaseUrlProblem };

/** An http(s) address, trimmed, without trailing slashes; plain http only for loopback hosts. */
export function checkBaseUrl(input: string): BaseUrlCheck {
  let url: URL;
  try {
    url = new URL(String(input).trim());
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, problem: 'scheme' };
  if (url.protocol === 'http:' && !LOOPBACK_HOST.test(url.hostname)) {
    return { ok: false, problem: 'http_not_loopback' };
  }
  if (url.username || url.password || url.search || url.hash) {
    return { ok: false, problem: 'extra_parts' };
  }
  return { ok: true, url: `${url.origin}${url.pathname}`.replace(/\/+$/, '') };
}

/** Where the service's web pages live (`{site}/reports/{id}`): the base URL without `/api/v1`. */
export function siteUrlFromBaseUrl(baseUrl: string): string {
  return baseUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v1$/i, '');
}
