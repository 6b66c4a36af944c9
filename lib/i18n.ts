// Every user-facing string comes from _locales; keys are checked against the English catalogue.
import { browser } from 'wxt/browser';
import type english from '../public/_locales/en/messages.json';

export type MessageKey = keyof typeof english;

/** The localised text for `key`, with `$1`, `$2`… placeholders filled from `substitutions`. */
export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  const text = browser.i18n.getMessage(key, substitutions.map(String));
  return text || key;
}
