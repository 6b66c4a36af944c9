// Typed request/answer for the extension's pages. Imports only types from the protocol, so the
// pages' bundles carry no zod.
import { browser } from 'wxt/browser';
import { t } from './i18n';
import type { Answer, RequestOf, RequestType } from './messages';

export type Sender = <T extends RequestType>(request: RequestOf<T>) => Promise<Answer<T>>;

const noAnswer = () =>
  ({ ok: false, error: { kind: 'bad_message', message: t('error_bad_message') } }) as const;

/** Sends a request to the background; never throws: a failed delivery is an error answer. */
export const send: Sender = async (request) => {
  try {
    const answer = await browser.runtime.sendMessage(request);
    if (answer && typeof answer === 'object' && 'ok' in answer) return answer;
    return noAnswer();
  } catch {
    return noAnswer();
  }
};
