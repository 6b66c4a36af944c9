import { describe, expect, it, vi } from 'vitest';
import type { Report } from '../../../lib/api/model';
import { awaitRating } from '../../../lib/messaging/await-rating';
import type { Answer, Request } from '../../../lib/messaging/protocol';
import type { Sender } from '../../../lib/messaging/send';

const REPORT: Report = {
  id: 5,
  url: 'https://example.com/',
  rating: 'good',
  score: 90,
  privacy: 0,
  hasPassword: false,
  generatedAt: '2026-01-01T00:00:00Z',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  results: {},
};
const PENDING: Report = { ...REPORT, rating: null, score: undefined, generatedAt: null };
const ok = (data: Report) => ({ ok: true as const, data });
const fail = (kind: 'timeout' | 'not_found' | 'server') => ({
  ok: false as const,
  error: { kind, message: '' },
});

/** A Sender whose waitForResult answers `waited`. */
function sender(waited: Answer<'waitForResult'>) {
  const send = vi.fn(async (_request: Request) => waited);
  return { send: send as unknown as Sender, requests: () => send.mock.calls.map(([r]) => r) };
}

describe('awaitRating', () => {
  it.each([
    ['a rated report', ok(REPORT)],
    ['a failure', fail('server')],
  ])('hands %s back without waiting', async (_, first) => {
    const { send, requests } = sender(ok(REPORT));
    expect(await awaitRating(send, first)).toEqual({ answer: first });
    expect(requests()).toEqual([]);
  });

  it('waits for the answered report while it has no rating, and hands the waited one', async () => {
    const { send, requests } = sender(ok(REPORT));
    expect(await awaitRating(send, Promise.resolve(ok(PENDING)))).toEqual({ answer: ok(REPORT) });
    expect(requests()).toEqual([{ type: 'waitForResult', id: 5 }]);
  });

  it('waits for the report asked about when told which', async () => {
    const { send, requests } = sender(ok(REPORT));
    await awaitRating(send, ok(PENDING), { id: 8 });
    expect(requests()).toEqual([{ type: 'waitForResult', id: 8 }]);
  });

  it.each(['timeout', 'not_found'] as const)(
    'keeps the unrated report when waiting fails (%s), and says why',
    async (kind) => {
      const { send } = sender(fail(kind));
      expect(await awaitRating(send, ok(PENDING))).toEqual({
        answer: ok(PENDING),
        waitError: { kind, message: '' },
      });
    },
  );

  it('does not wait when waiting is no longer wanted', async () => {
    const { send, requests } = sender(ok(REPORT));
    const when = vi.fn(() => false);
    expect(await awaitRating(send, ok(PENDING), { when })).toEqual({ answer: ok(PENDING) });
    expect(when).toHaveBeenCalledOnce();
    expect(requests()).toEqual([]);
  });
});
