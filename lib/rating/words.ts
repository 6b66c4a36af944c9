// Checks in words (a rating as a word is rating-word.ts, which the popup loads without these): a
// failed check's name (from _locales for the contract's keys, humanised for any other) and, where
// its errors carry limits, what they are ("Title length: 10–60 characters").

import { formatNumber } from '../format-number';
import { type MessageKey, t } from '../i18n';
import type { Check, CheckLimit, Importance } from './checks';

/** The check keys CONTRACT.md lists: each has a name in every locale (`check_name_<key>`). */
export const NAMED_CHECKS = [
  'title',
  'meta_description',
  'headings',
  'content_keywords',
  'image_keywords',
  'image_format',
  'in_page_links',
  'load_time',
  'page_size',
  'http_requests',
  'defer_javascript',
  'dom_size',
  'text_compression',
  'structured_data',
  'meta_viewport',
  'https_encryption',
  'seo_friendly_url',
  'language',
  'favicon',
  'gsb',
  'content_length',
  'text_html_ratio',
  'charset',
  'deprecated_html_tags',
  '404_page',
  'noindex',
  'robots',
  'sitemap',
  'plaintext_email',
  'social',
  'inline_css',
] as const;
type NamedCheck = (typeof NAMED_CHECKS)[number];

const isNamed = (key: string): key is NamedCheck =>
  (NAMED_CHECKS as readonly string[]).includes(key);

/** "text_html_ratio" → "Text html ratio": a key no catalogue names, made readable. */
export function humanise(key: string): string {
  const words = key.replace(/[_\-.\s]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

export function checkName(key: string): string {
  return isNamed(key) ? t(`check_name_${key}` satisfies MessageKey) : humanise(key);
}

const IMPORTANCE_KEYS = {
  high: 'check_importance_high',
  medium: 'check_importance_medium',
  low: 'check_importance_low',
} satisfies Record<Importance, MessageKey>;

export function importanceWord(importance: Importance): string {
  return t(IMPORTANCE_KEYS[importance]);
}

/** A bound in the unit its check measures: seconds for load times, bytes for sizes. */
function amount(key: string, kind: string, value: number): string {
  if (key === 'load_time' || kind === 'too_slow') return t('check_seconds', formatNumber(value));
  if (key === 'page_size') {
    const megabytes = value >= 1024 * 1024;
    return new Intl.NumberFormat(undefined, {
      style: 'unit',
      unit: megabytes ? 'megabyte' : 'kilobyte',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(value / (megabytes ? 1024 * 1024 : 1024));
  }
  return formatNumber(value);
}

function limitText(name: string, key: string, { kind, min, max }: CheckLimit): string {
  if (kind === 'length') {
    if (min !== undefined && max !== undefined) {
      return t('check_limit_lengthRange', name, formatNumber(min), formatNumber(max));
    }
    if (max !== undefined) return t('check_limit_lengthAtMost', name, formatNumber(max));
    return t('check_limit_lengthAtLeast', name, formatNumber(min ?? 0));
  }
  const unit = (value: number) => amount(key, kind, value);
  if (min !== undefined && max !== undefined) {
    return t('check_limit_range', name, unit(min), unit(max));
  }
  if (max !== undefined) return t('check_limit_atMost', name, unit(max));
  return t('check_limit_atLeast', name, unit(min ?? 0));
}

/** The line a failed check gets: its name, with its limits when its errors give them. */
export function checkLine(check: Check): string {
  const name = checkName(check.key);
  return check.limit ? limitText(name, check.key, check.limit) : name;
}
