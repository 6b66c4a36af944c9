import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOmniboxSearch, SEARCH_DELAY_MS } from '../../../lib/reach/omnibox-search';
import type { KeptReport } from '../../../lib/reach/omnibox-suggestions';

const report = (url: string, reportId = 1): KeptReport => ({
  url,
  reportId,
  rating: 'decent',
  seenAt: 0,
});

function setup(kept: KeptReport[] = [], connected = true) {
  const answers: ((reports: KeptReport[]) => void)[] = [];
  const list = vi.fn(
    (_text: string) =>
      new Promise<KeptReport[] | null>((resolve) => {
        if (!connected) resolve(null);
        else answers.push(resolve);
      }),
  );
  const search = createOmniboxSearch({
    kept: async () => kept,
    list,
    describe: (found) => ({ content: found.url, description: found.url }),
    setTimer(run, ms) {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
  });
  return { search, list, answers };
}

const urls = (suggest: ReturnType<typeof vi.fn>, call = -1) =>
  ((suggest.mock.calls.at(call)?.[0] ?? []) as { content: string }[]).map((s) => s.content);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createOmniboxSearch', () => {
  it('suggests kept reports at once, before any request', async () => {
    const { search, list } = setup([
      report('https://example.com/a'),
      report('https://other.test/'),
    ]);
    const suggest = vi.fn();
    await search.input('example', suggest);
    expect(urls(suggest)).toEqual(['https://example.com/a']);
    expect(list).not.toHaveBeenCalled();
  });

  it('sends one request for a burst of inputs, for the last text, after the pause', async () => {
    const { search, list } = setup();
    const suggest = vi.fn();
    for (const text of ['e', 'ex', 'exa', 'exam', 'example']) {
      await search.input(text, suggest);
      await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    }
    expect(list).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledWith('example');
  });

  it('shows the service’s answer after the kept ones, each address once', async () => {
    const { search, answers } = setup([report('https://example.com/a', 1)]);
    const suggest = vi.fn();
    await search.input('example', suggest);
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    answers[0]?.([report('https://example.com/a', 2), report('https://example.com/b', 3)]);
    await vi.waitFor(() => expect(suggest).toHaveBeenCalledTimes(2));
    expect(urls(suggest)).toEqual(['https://example.com/a', 'https://example.com/b']);
  });

  it('drops an answer whose text is no longer the one typed', async () => {
    const { search, answers, list } = setup();
    const suggest = vi.fn();
    await search.input('first', suggest);
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    await search.input('second', suggest);
    answers[0]?.([report('https://first.test/')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(suggest.mock.calls.flatMap(([shown]) => shown)).toEqual([]);
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('never lets the kept reports alone replace the service’s answer shown for the same text', async () => {
    let release: (reports: KeptReport[]) => void = () => undefined;
    const slowKept = new Promise<KeptReport[]>((resolve) => {
      release = resolve;
    });
    const suggest = vi.fn();
    let reads = 0;
    const search = createOmniboxSearch({
      // The keystroke's own read is slow; the one after the answer is not.
      kept: () => (++reads === 1 ? slowKept : Promise.resolve([])),
      list: async () => [report('https://listed.test/')],
      describe: (found) => ({ content: found.url, description: found.url }),
      setTimer: (run) => {
        run();
        return () => undefined;
      },
    });
    const typed = search.input('listed', suggest);
    await vi.waitFor(() => expect(suggest).toHaveBeenCalledOnce());
    release([]);
    await typed;
    expect(urls(suggest)).toEqual(['https://listed.test/']);
  });

  it('asks nothing for empty text, or after the keyword is left', async () => {
    const { search, list } = setup();
    await search.input('  ', vi.fn());
    await search.input('example', vi.fn());
    search.cancel();
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS * 2);
    expect(list).not.toHaveBeenCalled();
  });

  it('shows nothing more when not connected', async () => {
    const { search, list } = setup([], false);
    const suggest = vi.fn();
    await search.input('example', suggest);
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(list).toHaveBeenCalledTimes(1);
    expect(suggest).toHaveBeenCalledTimes(1);
  });
});
