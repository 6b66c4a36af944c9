// The pages' sender: requests go as messages, except waitForResult, which waits on a port of its
// own so that closing the page ends the wait in the background (and its polling).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlerDeps } from '../../../lib/background/deps';
import { handleWaitPort } from '../../../lib/background/wait-port';
import { send, WAIT_FOR_RESULT_PORT } from '../../../lib/messaging/send';
import { clientSource } from '../../support/client-source';
import { type FakePort, portPair } from '../background/fake-port';

const REPORT = { id: 42, rating: 'good' };
const noAnswer = {
  ok: false,
  error: {
    kind: 'bad_message',
    reason: 'noAnswer',
    message: expect.stringMatching(/didn't answer/),
  },
};

/** runtime.connect gives the page end of a new pair; the background ends are kept here. */
let opened: { page: FakePort; background: FakePort }[];
let sendMessage: ReturnType<typeof vi.fn>;
beforeEach(() => {
  opened = [];
  vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(((info: { name: string }) => {
    const pair = portPair(info.name, {
      id: fakeBrowser.runtime.id,
      url: fakeBrowser.runtime.getURL('/popup.html'),
    });
    opened.push(pair);
    return pair.page;
  }) as never);
  sendMessage = vi
    .spyOn(fakeBrowser.runtime, 'sendMessage')
    .mockResolvedValue({ ok: true, data: REPORT }) as never;
});

/** The background end of the one port opened, once the page's request has arrived there. */
async function backgroundEnd() {
  await vi.waitFor(() => expect(opened[0]?.background.received).toHaveLength(1));
  expect(opened).toHaveLength(1);
  return opened[0]?.background as FakePort;
}

describe('waitForResult waits on a port', () => {
  it('posts the request on a wait-for-result port, answers the first message, then closes it', async () => {
    const answer = send({ type: 'waitForResult', id: 42 });
    const background = await backgroundEnd();
    expect(background.name).toBe(WAIT_FOR_RESULT_PORT);
    expect(background.received).toEqual([{ type: 'waitForResult', id: 42 }]);
    expect(background.connected).toBe(true);

    background.postMessage({ ok: true, data: REPORT });
    expect(await answer).toEqual({ ok: true, data: REPORT });
    expect(opened[0]?.page.disconnectedHere).toBe(true);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('passes error answers on as they are', async () => {
    const answer = send({ type: 'waitForResult', id: 42 });
    const error = { kind: 'timeout', reason: 'notReady', message: 'Not ready.', waitedMs: 60_000 };
    (await backgroundEnd()).postMessage({ ok: false, error });
    expect(await answer).toEqual({ ok: false, error });
  });

  it('a port closed before answering is an error answer, not a hang', async () => {
    const answer = send({ type: 'waitForResult', id: 42 });
    (await backgroundEnd()).disconnect();
    expect(await answer).toEqual(noAnswer);
  });

  it('something that is not an answer is an error answer', async () => {
    const answer = send({ type: 'waitForResult', id: 42 });
    (await backgroundEnd()).postMessage('hello');
    expect(await answer).toEqual(noAnswer);
    expect(opened[0]?.page.disconnectedHere).toBe(true);
  });

  it('a failed connect is an error answer', async () => {
    vi.mocked(fakeBrowser.runtime.connect).mockImplementation(() => {
      throw new Error('Could not establish connection.');
    });
    expect(await send({ type: 'waitForResult', id: 42 })).toEqual(noAnswer);
  });

  it('reaches the background’s port handler and gets its answer', async () => {
    const client = {
      reports: { waitForResult: vi.fn(async () => ({ ...REPORT, url: 'https://a.example/' })) },
    };
    const deps = createHandlerDeps({
      clients: clientSource(async () => client as never),
    });
    const answer = send({ type: 'waitForResult', id: 42 });
    handleWaitPort(opened[0]?.background as FakePort, deps);
    expect(await answer).toEqual({ ok: true, data: { ...REPORT, url: 'https://a.example/' } });
    expect(client.reports.waitForResult).toHaveBeenCalledWith(42, {
      signal: expect.any(AbortSignal),
    });
  });
});

describe('other requests', () => {
  it('go as messages', async () => {
    expect(await send({ type: 'getReport', id: 42 })).toEqual({ ok: true, data: REPORT });
    expect(sendMessage).toHaveBeenCalledWith({ type: 'getReport', id: 42 });
    expect(fakeBrowser.runtime.connect).not.toHaveBeenCalled();
  });

  it('a failed delivery or a non-answer is an error answer', async () => {
    sendMessage.mockRejectedValueOnce(new Error('Receiving end does not exist.'));
    expect(await send({ type: 'getReport', id: 42 })).toEqual(noAnswer);
    sendMessage.mockResolvedValueOnce(undefined);
    expect(await send({ type: 'getReport', id: 42 })).toEqual(noAnswer);
  });
});
