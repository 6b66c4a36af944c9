// Pages ask for what waits for a rating (a create, a wait) on a port, not a message: a page that
// closes disconnects it, and the background stops waiting (and polling, when nobody else waits);
// a create goes on all the same.

import { errorWithText } from '../error-text';
import { errorData } from '../errors';
import { type Answer, Request } from '../messaging/protocol';
import { WAIT_FOR_RESULT_PORT } from '../messaging/send';
import type { HandlerDeps } from './deps';
import { handlers, isOwnPage, type MessageSender } from './handlers';

/** What is asked on the port: each answers a report once it has its rating. */
type PortRequest = Extract<Request, { type: 'createReport' | 'waitForResult' }>;

interface PortEvent<Listener> {
  addListener(listener: Listener): void;
  removeListener(listener: Listener): void;
}

/** The part of runtime.Port used here. */
export interface WaitPort {
  name: string;
  sender?: MessageSender;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: PortEvent<(message: unknown) => void>;
  onDisconnect: PortEvent<() => void>;
}

/** Posts unless the page has gone meanwhile (posting on a closed port throws). */
function post(port: WaitPort, answer: Answer<PortRequest['type']>) {
  try {
    port.postMessage(answer);
  } catch {
    // Nobody to tell.
  }
}

/** Answers a bad_message error and closes the port. */
function refuse(port: WaitPort, reason: 'badSender' | 'badMessage') {
  post(port, { ok: false, error: errorWithText({ kind: 'bad_message', reason }) });
  port.disconnect();
}

/** runtime.onConnect: serves the wait-for-result port; other ports are someone else's. */
export function handleWaitPort(port: WaitPort, deps: HandlerDeps): void {
  if (port.name !== WAIT_FOR_RESULT_PORT) return;
  if (!isOwnPage(port.sender)) {
    refuse(port, 'badSender');
    return;
  }

  const gone = new AbortController();
  const onDisconnect = () => gone.abort();
  port.onDisconnect.addListener(onDisconnect);

  const answer = async (message: unknown) => {
    const parsed = Request.safeParse(message);
    const request = parsed.success ? parsed.data : undefined;
    if (request?.type !== 'waitForResult' && request?.type !== 'createReport') {
      port.onDisconnect.removeListener(onDisconnect);
      refuse(port, 'badMessage');
      return;
    }
    let reply: Answer<PortRequest['type']>;
    try {
      const data =
        request.type === 'createReport'
          ? await handlers.createReport(request, deps, gone.signal)
          : await handlers.waitForResult(request, deps, gone.signal);
      reply = { ok: true, data };
    } catch (error) {
      reply = { ok: false, error: errorData(error) };
    }
    port.onDisconnect.removeListener(onDisconnect);
    if (!gone.signal.aborted) post(port, reply);
  };
  const onMessage = (message: unknown) => {
    // One request per port; anything posted after it is ignored.
    port.onMessage.removeListener(onMessage);
    void answer(message);
  };
  port.onMessage.addListener(onMessage);
}
