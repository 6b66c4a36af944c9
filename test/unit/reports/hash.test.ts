// @vitest-environment happy-dom
// The workspace's hash: the shell's `tab` beside the Reports view's filters, each writer changing
// only its own keys; writes tell the watchers at once, and an address changed by hand does too.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseHash, readHash, watchHash, writeHash } from '../../../lib/reports/workspace-address';

beforeEach(() => {
  history.replaceState(null, '', '/sidepanel.html');
});

afterEach(() => {
  history.replaceState(null, '', '/');
});

describe('readHash and writeHash', () => {
  it('reads nothing from an empty hash', () => {
    expect(readHash()).toEqual({});
    expect(parseHash('#')).toEqual({});
  });

  it('writes URL-encoded keys and keeps the ones it does not name', () => {
    writeHash({ tab: 'reports', project: 'example.com', search: 'a b&c=d' });
    writeHash({ tab: 'projects' });
    expect(readHash()).toEqual({ tab: 'projects', project: 'example.com', search: 'a b&c=d' });
    expect(location.hash).toBe('#tab=projects&project=example.com&search=a+b%26c%3Dd');
    expect(location.pathname).toBe('/sidepanel.html');
  });

  it.each([[''], [null], [undefined]])('removes a key set to %j', (value) => {
    writeHash({ tab: 'activity', page: 3 });
    writeHash({ page: value });
    expect(readHash()).toEqual({ tab: 'activity' });
  });

  it('leaves no "#" behind when the last key goes', () => {
    writeHash({ tab: 'activity' });
    writeHash({ tab: null });
    expect(location.href.endsWith('/sidepanel.html')).toBe(true);
  });

  it('replaces the history entry instead of adding one', () => {
    const length = history.length;
    writeHash({ tab: 'projects' });
    writeHash({ tab: 'activity' });
    expect(history.length).toBe(length);
  });
});

describe('watchHash', () => {
  it('hears every write at once, and nothing after the unsubscribe', () => {
    const listener = vi.fn();
    const stop = watchHash(listener);
    writeHash({ tab: 'open-tabs' });
    expect(listener).toHaveBeenLastCalledWith({ tab: 'open-tabs' });
    writeHash({ project: 'x' });
    expect(listener).toHaveBeenLastCalledWith({ tab: 'open-tabs', project: 'x' });
    stop();
    writeHash({ tab: 'activity' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('is not called for a write that changes nothing', () => {
    writeHash({ tab: 'projects' });
    const listener = vi.fn();
    const stop = watchHash(listener);
    writeHash({ tab: 'projects', search: '' });
    expect(listener).not.toHaveBeenCalled();
    stop();
  });

  it('hears an address changed by hand (hashchange)', () => {
    const listener = vi.fn();
    const stop = watchHash(listener);
    history.replaceState(null, '', '#tab=activity');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(listener).toHaveBeenCalledWith({ tab: 'activity' });
    stop();
  });
});
