// The workspace's status is asked for as it opens: its first getStatus (for no page) gets that
// answer; everything else, and any later getStatus, is sent as asked.
import { describe, expect, it, vi } from 'vitest';
import { statusAskedAtOnce } from '../../../components/workspace/first-status';
import type { Sender } from '../../../lib/messaging/send';

const answer = (data: unknown) => ({ ok: true as const, data });

describe('statusAskedAtOnce', () => {
  it('asks at once, and hands that answer to the first getStatus for no page only', async () => {
    const raw = vi.fn(async (request: { type: string }) =>
      answer(request.type),
    ) as unknown as Sender;
    const send = statusAskedAtOnce(raw);
    expect(raw).toHaveBeenCalledTimes(1);
    expect(raw).toHaveBeenCalledWith({ type: 'getStatus' });

    await send({ type: 'getStatus', url: 'https://example.com/', tabId: 3 });
    expect(raw).toHaveBeenCalledTimes(2);
    expect(await send({ type: 'getStatus' })).toEqual(answer('getStatus'));
    expect(raw).toHaveBeenCalledTimes(2);
    await send({ type: 'getStatus' });
    expect(raw).toHaveBeenCalledTimes(3);
  });
});
