import { describe, expect, it } from 'vitest';
import type { ErrorData } from '../../../lib/api/model';
import {
  canQueueCreate,
  outcomeFromCache,
  queuedCreateRequest,
} from '../../../lib/this-page/page-report';

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
  it('offers the queue for a rate limit', () => {
    expect(canQueueCreate(error('rate_limited', { retryAfterSeconds: 30 }))).toBe(true);
    expect(canQueueCreate(error('rate_limited'))).toBe(true);
  });

  it('offers it for a create the background did not send (offline)', () => {
    expect(canQueueCreate(error('network', { reason: 'notSent' }))).toBe(true);
  });

  it('never offers it for a network failure of a create that was sent: it may have been made', () => {
    expect(canQueueCreate(error('network'))).toBe(false);
    expect(canQueueCreate(error('network', { reason: 'network' }))).toBe(false);
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
    expect(canQueueCreate(error(kind))).toBe(false);
  });

  it('does not offer it without a failure', () => {
    expect(canQueueCreate(undefined)).toBe(false);
    expect(canQueueCreate(null)).toBe(false);
  });
});

describe('queuedCreateRequest', () => {
  it('queues the create for its tab, with the password and the wait the service asked, at most an hour', () => {
    const refused = error('rate_limited', { retryAfterSeconds: 86_400 });
    expect(
      queuedCreateRequest('https://example.com/', 3, { privacy: 2, password: 'pw' }, refused),
    ).toEqual({
      type: 'enqueueJob',
      kind: 'create',
      items: [{ type: 'create', url: 'https://example.com/', privacy: 2, tabId: 3 }],
      password: 'pw',
      retryAfterSeconds: 3600,
    });
  });

  it('leaves out what is not known', () => {
    expect(
      queuedCreateRequest('https://example.com/', undefined, { privacy: 0 }, error('network')),
    ).toEqual({
      type: 'enqueueJob',
      kind: 'create',
      items: [{ type: 'create', url: 'https://example.com/', privacy: 0 }],
    });
  });
});
