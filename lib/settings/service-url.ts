// Addresses: the API client's rules (lib/api/base-url.ts) with localised messages, and what is
// derived from the service's address.
import { checkBaseUrl } from '../api/base-url';
import { t } from '../i18n';
import type { Settings } from './schema';

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

const URL_PROBLEMS = {
  scheme: 'error_url_scheme',
  http_not_loopback: 'error_url_http_not_loopback',
  extra_parts: 'error_url_extra_parts',
} as const;

/** An http(s) address, trimmed and without trailing slashes, or why it cannot be one. */
export function normaliseHttpUrl(input: string, kind: 'service' | 'site'): UrlCheck {
  const check = checkBaseUrl(input);
  if (check.ok) return check;
  if (check.problem === 'malformed') {
    return {
      ok: false,
      message: t(kind === 'service' ? 'error_service_url_malformed' : 'error_site_url_malformed'),
    };
  }
  return { ok: false, message: t(URL_PROBLEMS[check.problem]) };
}

/**
 * The service base URL as people paste it (`https://host`, `https://host/`,
 * `https://host/api/v1/`): trimmed, without trailing slashes. Plain http only for loopback.
 */
export function normaliseServiceUrl(input: string): UrlCheck {
  if (!input.trim()) return { ok: false, message: t('error_service_url_empty') };
  return normaliseHttpUrl(input, 'service');
}

/** True when the address ends in the version segment the API lives under. */
export function endsWithApiVersion(baseUrl: string): boolean {
  return /\/v1$/i.test(baseUrl);
}

/**
 * The host permission to ask for: the service's scheme and host. Without the port, because
 * Firefox's match patterns cannot carry one (Chrome's pattern then covers every port).
 */
export function hostPermissionPattern(baseUrl: string): string {
  const { protocol, hostname } = new URL(baseUrl);
  return `${protocol}//${hostname}/*`;
}

/** Where reports are shown to a browser: the override, or the base URL without `/api/v1`. */
export function effectiveSiteUrl(settings: Pick<Settings, 'serviceUrl' | 'siteUrl'>): string {
  if (settings.siteUrl) return settings.siteUrl;
  return settings.serviceUrl.replace(/\/api\/v1$/i, '');
}
