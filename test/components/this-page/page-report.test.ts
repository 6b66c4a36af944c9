import { describe, expect, it } from 'vitest';
import { canQueueCreate, outcomeFromCache } from '../../../components/this-page/usePageReport';
import type { ErrorData } from '../../../lib/api/model';

describe('outcomeFromCache', () => {
  it('shows what the cache knows, for the page at hand', () => {
    const cached = {
      reportId: 42,
      rating: 'bad' as const,
      score: 31,
      generatedAt: '2026-01-01T00:00:00Z',
      seenAt: 1,
    };
    expect(outcomeFromCache(cached, 'https://example.com/')).toEqual({
      id: 42,
      url: 'https://example.com/',
      rating: 'bad',
      score: 31,
      generatedAt: '2026-01-01T00:00:00Z',
      privacy: undefined,
    });
    expect(outcomeFromCache({ ...cached, privacy: 1 }, 'https://example.com/').privacy).toBe(1);
  });
});

const error = (kind: ErrorData['kind'], extra: Partial<ErrorData> = {}): ErrorData => ({
  kind,
  message: '',
  ...extra,
});

describe('canQueueCreate', () => {
  it('offers the queue for a rate limit, online or not', () => {
    expect(canQueueCreate(error('rate_limited', { retryAfterSeconds: 30 }), true)).toBe(true);
    expect(canQueueCreate(error('rate_limited'), false)).toBe(true);
  });

  it('offers it for a network failure only while the browser is offline', () => {
    expect(canQueueCreate(error('network'), false)).toBe(true);
    expect(canQueueCreate(error('network'), true)).toBe(false);
  });

  it.each([
    'unauthorized',
    'forbidden',
    'server',
    'timeout',
    'validation',
    'invalid_input',
    'not_connected',
    'bad_message',
  ] as const)('does not offer it for %s (the service may have taken it, or never will)', (kind) => {
    expect(canQueueCreate(error(kind), false)).toBe(false);
    expect(canQueueCreate(error(kind), true)).toBe(false);
  });

  it('does not offer it without a failure', () => {
    expect(canQueueCreate(undefined, false)).toBe(false);
    expect(canQueueCreate(null, true)).toBe(false);
  });
});
