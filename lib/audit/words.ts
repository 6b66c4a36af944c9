// Add pages in words: why a sitemap gave nothing, why a line was left out. From _locales.
import { t } from '../i18n';
import { originOf } from '../url-parts';
import { MAX_ADDRESSES, MAX_FILE_URLS } from './limits';
import type { LeftOutReason, ListAnswer } from './list';
import { MAX_SITEMAP_FILES, type SitemapFailure } from './sitemap';

const number = (value: number) => value.toLocaleString();

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
      return t('audit_failed_tooManyUrls', url, number(MAX_FILE_URLS));
    case 'tooManyAddresses':
      return t('audit_failed_tooManyAddresses', number(MAX_ADDRESSES));
    case 'tooManyFiles':
      return t('audit_failed_tooManyFiles', number(MAX_SITEMAP_FILES));
    case 'tooLarge':
      return t('audit_failed_tooLarge', url);
    case 'httpStatus':
      return status === 404
        ? t('audit_failed_notFound', url)
        : t('audit_failed_httpStatus', url, status ?? 0);
    case 'noAccess':
      return t('audit_failed_noAccess', url, originOf(url) ?? url);
    case 'network':
      return t('audit_failed_network', url);
    case 'notAnAddress':
      return t('audit_failed_notAnAddress');
  }
}

/** Why a pasted list or file gave nothing. */
export function listFailureText(reason: Extract<ListAnswer, { ok: false }>['reason']): string {
  return reason === 'tooManyLines'
    ? t('audit_list_tooManyLines', number(MAX_ADDRESSES))
    : t('audit_list_tooLarge');
}

export function leftOutReasonText(reason: LeftOutReason): string {
  return t(`audit_reason_${reason}`);
}
