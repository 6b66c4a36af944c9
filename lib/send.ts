// Typed request/answer for the extension's pages. Imports only types from the protocol, so the
// pages' bundles carry no zod.
import { browser } from 'wxt/browser';
import type { Answer, RequestOf, RequestType } from './messages';

export type Sender = <T extends RequestType>(request: RequestOf<T>) => Promise<Answer<T>>;

/** Sends a request to the background; never throws: a failed delivery is an error answer. */
export const send: Sender = async (request) => {
  try {
    const answer = await browser.runtime.sendMessage(request);
    if (answer && typeof answer === 'object' && 'ok' in answer) return answer;
    return {
      ok: false,
      error: {
        kind: 'bad_message',
        message: 'The extension did not answer. Reload it and try again.',
      },
    };
  } catch {
    return {
      ok: false,
      error: {
        kind: 'bad_message',
        message: 'The extension did not answer. Reload it and try again.',
      },
    };
  }
};
