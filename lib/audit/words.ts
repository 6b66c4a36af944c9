// Add pages in words: why a sitemap gave nothing, why a line was left out. From _locales.

import { formatNumber } from '../format-number';
import { t } from '../i18n';
import { originOf } from '../url-parts';
import { MAX_ADDRESSES, MAX_FILE_URLS } from './limits';
import type { LeftOut, LeftOutReason, ListAnswer } from './list';
import { MAX_SITEMAP_FILES, MAX_SITEMAP_TOTAL_BYTES, type SitemapLeftOut } from './sitemap';
import type { SitemapFailure } from './sitemap-failure';

/** Why a sitemap gave no addresses; nothing is queued. */
export function sitemapFailureText({ reason, url, status }: SitemapFailure): string {
  switch (reason) {
    case 'notSitemap':
      return t('audit_failed_notSitemap', url);
    case 'htmlPage':
      return t('audit_failed_htmlPage', url);
    case 'corruptGzip':
      return t('audit_failed_corruptGzip', url);
    case 'indexLoop':
      return t('audit_failed_indexLoop', url);
    case 'tooDeep':
      return t('audit_failed_tooDeep', url);
    case 'tooManyUrls':
      return t('audit_failed_tooManyUrls', url, formatNumber(MAX_FILE_URLS));
    case 'tooManyAddresses':
      return t('audit_failed_tooManyAddresses', formatNumber(MAX_ADDRESSES));
    case 'tooManyFiles':
      return t('audit_failed_tooManyFiles', formatNumber(MAX_SITEMAP_FILES));
    case 'tooLarge':
      return t('audit_failed_tooLarge', url);
    case 'httpStatus':
      return status === 404
        ? t('audit_failed_notFound', url)
        : t('audit_failed_httpStatus', url, status ?? 0);
    case 'tooMuchData':
      return t('audit_failed_tooMuchData', formatNumber(MAX_SITEMAP_TOTAL_BYTES / 1024 / 1024));
    case 'noAccess':
    case 'needsAccess':
      return t('audit_failed_noAccess', url, originOf(url) ?? url);
    case 'network':
      return t('audit_failed_network', url);
    case 'timeout':
      return t('audit_failed_timeout', url);
    case 'cancelled':
      return t('audit_cancelled');
    case 'notHttp':
    case 'notAnAddress':
      return t('audit_failed_notAnAddress');
  }
}

/** Why a child sitemap was skipped, after "sitemap <address>: " (a status as its number). */
export function childFailureWords(failure: SitemapFailure): string {
  const { reason, url, status } = failure;
  switch (reason) {
    case 'httpStatus':
      return String(status ?? 0);
    case 'notSitemap':
    case 'htmlPage':
    case 'corruptGzip':
    case 'tooLarge':
    case 'network':
    case 'timeout':
      return t(`audit_child_${reason}`);
    case 'tooManyUrls':
      return t('audit_child_tooManyUrls', formatNumber(MAX_FILE_URLS));
    case 'noAccess':
    case 'needsAccess':
      return t(`audit_child_${reason}`, originOf(url) ?? url);
    case 'notHttp':
      return t('audit_reason_notHttp');
    default:
      // Those end the whole read: never a child's; said in full all the same.
      return sitemapFailureText(failure);
  }
}

/** One line of "Not added": a list's line, an address of a sitemap, or a skipped sitemap. */
export function notAddedText(item: LeftOut | SitemapLeftOut): string {
  if (!('kind' in item))
    return t('audit_leftOut', item.line, item.text, leftOutReasonText(item.reason));
  if (item.kind === 'address')
    return t('audit_leftOutEntry', item.text, leftOutReasonText(item.reason));
  return t('audit_leftOutSitemap', item.failure.url, childFailureWords(item.failure));
}

/** Why a pasted list or file gave nothing. */
export function listFailureText(reason: Extract<ListAnswer, { ok: false }>['reason']): string {
  return reason === 'tooManyLines'
    ? t('audit_list_tooManyLines', formatNumber(MAX_ADDRESSES))
    : t('audit_list_tooLarge');
}

export function leftOutReasonText(reason: LeftOutReason): string {
  return t(`audit_reason_${reason}`);
}
