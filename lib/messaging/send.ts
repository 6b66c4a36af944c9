// Typed request/answer for the extension's pages. Imports only types from the protocol, so the
// pages' bundles carry no zod.
import { browser } from 'wxt/browser';
import { errorWithText } from '../error-text';
import type { Answer, RequestOf, RequestType } from './protocol';

export type Sender = <T extends RequestType>(request: RequestOf<T>) => Promise<Answer<T>>;

/**
 * `send`, with each list of reports it asks for to be kept by the background as the list last
 * shown, under its parameters as JSON (the name the workspace reads it by).
 */
export function keepingLists(send: Sender): Sender {
  return <T extends RequestType>(request: RequestOf<T>): Promise<Answer<T>> => {
    if (request.type !== 'listReports') return send(request);
    const list = request as RequestOf<'listReports'>;
    return send({ ...list, keepAs: JSON.stringify(list.params) }) as Promise<Answer<T>>;
  };
}

/**
 * The port a page asks on for a report with its rating (createReport, waitForResult). A page that
 * closes disconnects it by itself, and the background then stops waiting for that page
 * (lib/background/wait-port.ts).
 */
export const WAIT_FOR_RESULT_PORT = 'wait-for-result';

const noAnswer = () =>
  ({ ok: false, error: errorWithText({ kind: 'bad_message', reason: 'noAnswer' }) }) as const;

const isAnswer = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && 'ok' in value;

/** Sends a request to the background; never throws: a failed delivery is an error answer. */
export const send: Sender = async (request) => {
  // What waits for a rating goes on a port: the page's going ends the wait.
  if (request.type === 'waitForResult' || request.type === 'createReport') return overPort(request);
  try {
    const answer = await browser.runtime.sendMessage(request);
    if (isAnswer(answer)) return answer;
    return noAnswer();
  } catch {
    return noAnswer();
  }
};

/** Asks on a port of its own: the first message on it is the answer; then it is closed. */
function overPort<T extends RequestType>(request: RequestOf<T>): Promise<Answer<T>> {
  return new Promise((resolve) => {
    let port: ReturnType<typeof browser.runtime.connect>;
    try {
      port = browser.runtime.connect({ name: WAIT_FOR_RESULT_PORT });
    } catch {
      resolve(noAnswer());
      return;
    }
    const finish = (answer: Answer<T>) => {
      port.onMessage.removeListener(onMessage);
      port.onDisconnect.removeListener(onDisconnect);
      try {
        port.disconnect();
      } catch {
        // Already closed.
      }
      resolve(answer);
    };
    const onMessage = (message: unknown) =>
      finish(isAnswer(message) ? (message as Answer<T>) : noAnswer());
    // Closed before answering (the worker stopped, or it refused the port).
    const onDisconnect = () => finish(noAnswer());
    port.onMessage.addListener(onMessage);
    port.onDisconnect.addListener(onDisconnect);
    try {
      port.postMessage(request);
    } catch {
      finish(noAnswer());
    }
  });
}
