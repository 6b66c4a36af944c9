// The workspace's status (the settings summary, for no page) is asked for as the page opens,
// with its first list, not after the first render: the background answers both at once.
import type { Answer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';

/** `send`, whose first getStatus for no page gets the answer to the request made now. */
export function statusAskedAtOnce(send: Sender): Sender {
  let early: Promise<Answer<'getStatus'>> | undefined = send({ type: 'getStatus' });
  return (request) => {
    const forNoPage = request.type === 'getStatus' && !('url' in request) && !('tabId' in request);
    if (!early || !forNoPage) return send(request);
    const answer = early;
    early = undefined;
    return answer as ReturnType<typeof send<typeof request.type>>;
  };
}
