// @vitest-environment happy-dom
// useReportActions, the action state This page and Reports share: what runs where, the failure
// kept with its place, the requests that wait for a rating, and the quiet refresh that a user
// action makes stale.
import {
  act,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
  within,
} from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { type ActionFailure, useReportActions } from '../../../components/reports/useReportActions';
import type { Answer } from '../../../lib/messaging/protocol';
import type { Sender } from '../../../lib/messaging/send';
import { report } from '../../support/fixtures';
import { deferred, fail, fakeSend, type Handlers, ok, requestsOf } from '../popup-helpers';

type Work = 'reanalyze' | 'delete';
const PENDING = report({ id: 4, rating: null, generatedAt: null });
const RATED = report({ id: 4, rating: 'good' });
type Place = 'form' | 'outcome';

function hook(handlers: Handlers) {
  const send = fakeSend(handlers);
  const rendered = renderHook(() => useReportActions<string | number, Work, Place>(send));
  return { send, ...rendered };
}

/** The order the fake received its requests in: type and id. */
function sent(send: ReturnType<typeof fakeSend>) {
  return send.mock.calls.map(([request]) => `${request.type} ${'id' in request ? request.id : ''}`);
}

describe('useReportActions: update, then wait for the rating', () => {
  it('re-analyzes with results=1 and waits while the rating is null', async () => {
    const rated = report({ id: 7, rating: 'decent' });
    const { send, result } = hook({
      updateReport: () => ok(report({ id: 7, rating: null })),
      waitForResult: () => ok(rated),
    });
    const { answer, waitError } = await result.current.reanalyze(7);
    expect(answer).toEqual(ok(rated));
    expect(waitError).toBeUndefined();
    expect(requestsOf(send, 'updateReport')).toEqual([
      { type: 'updateReport', id: 7, input: { results: true } },
    ]);
    expect(sent(send)).toEqual(['updateReport 7', 'waitForResult 7']);
  });

  it('does not wait for a report that is rated already, nor after a failed update', async () => {
    let calls = 0;
    const { send, result } = hook({
      updateReport: () => (++calls === 1 ? ok(report({ id: 7 })) : fail('server', 'Down.')),
    });
    expect((await result.current.reanalyze(7)).answer).toEqual(ok(report({ id: 7 })));
    expect(await result.current.reanalyze(7)).toEqual({ answer: fail('server', 'Down.') });
    expect(sent(send)).toEqual(['updateReport 7', 'updateReport 7']);
  });

  it('keeps the unrated report and says why when waiting fails', async () => {
    const pending = report({ id: 7, rating: null, generatedAt: null });
    const { result } = hook({
      updateReport: () => ok(pending),
      waitForResult: () => fail('timeout', 'Too long.'),
    });
    expect(await result.current.reanalyze(7)).toEqual({
      answer: ok(pending),
      waitError: { kind: 'timeout', message: 'Too long.' },
    });
  });

  it('creates, then waits for the report the service created', async () => {
    const { send, result } = hook({
      createReport: () => ok(report({ id: 9, rating: null })),
      waitForResult: () => ok(report({ id: 9, rating: 'bad' })),
    });
    const { answer } = await result.current.create({ url: 'https://example.com/', privacy: 0 });
    expect(answer.ok && answer.data.rating).toBe('bad');
    expect(sent(send)).toEqual(['createReport ', 'waitForResult 9']);
  });
});

describe('useReportActions: what runs, and what failed where', () => {
  const failure = (where?: Place): ActionFailure<Place> => ({
    context: "Couldn't delete the report.",
    error: { kind: 'server', message: 'Down.' },
    ...(where ? { where } : {}),
  });

  it('says what runs on each key until it ends', () => {
    const { result } = hook({});
    act(() => result.current.begin(1, 'reanalyze'));
    act(() => result.current.begin(2, 'delete'));
    expect(result.current.workOn(1)).toBe('reanalyze');
    expect(result.current.workOn(2)).toBe('delete');
    expect(result.current.workOn(3)).toBeNull();
    act(() => result.current.end(1));
    expect(result.current.workOn(1)).toBeNull();
    expect(result.current.workOn(2)).toBe('delete');
  });

  it('keeps a failure with its key until the next action there', () => {
    const { result } = hook({});
    act(() => {
      result.current.begin(1, 'delete');
      result.current.begin(2, 'delete');
    });
    act(() => {
      result.current.end(1, failure());
      result.current.end(2, failure());
    });
    expect(result.current.failureAt(1)).toEqual(failure());
    act(() => result.current.begin(1, 'reanalyze'));
    expect(result.current.failureAt(1)).toBeNull();
    expect(result.current.failureAt(2)).toEqual(failure());
  });

  it('shows a failure only at the place it happened', () => {
    const { result } = hook({});
    act(() => result.current.begin('page', 'delete'));
    act(() => result.current.end('page', failure('outcome')));
    expect(result.current.workOn('page')).toBeNull();
    expect(result.current.failureAt('page', 'outcome')).toEqual(failure('outcome'));
    expect(result.current.failureAt('page', 'form')).toBeNull();
    expect(result.current.failureAt('page')).toEqual(failure('outcome'));
  });

  it('keeps its actions the same across renders, so effects can depend on them', () => {
    const { result } = hook({});
    const first = result.current;
    act(() => first.begin(1, 'delete'));
    for (const name of ['begin', 'end', 'create', 'reanalyze', 'refresh'] as const) {
      expect(result.current[name]).toBe(first[name]);
    }
  });
});

describe('useReportActions: the quiet refresh', () => {
  it('reads the report, waits while it is not rated, and hands over the answer', async () => {
    const { send, result } = hook({
      getReport: () => ok(PENDING),
      waitForResult: () => ok(RATED),
    });
    const apply = vi.fn();
    act(() => result.current.refresh(4, apply));
    await waitFor(() => expect(apply).toHaveBeenCalledOnce());
    expect(apply).toHaveBeenCalledWith(ok(RATED));
    expect(sent(send)).toEqual(['getReport 4', 'waitForResult 4']);
  });

  it.each([
    ['the report is gone', fail('not_found', 'Gone.'), fail('not_found', 'Gone.')],
    ['waiting fails otherwise', fail('timeout', 'Slow.'), ok(PENDING)],
  ])('when %s, hands over what counts', async (_, waited, expected) => {
    const { result } = hook({ getReport: () => ok(PENDING), waitForResult: () => waited });
    const apply = vi.fn();
    act(() => result.current.refresh(4, apply));
    await waitFor(() => expect(apply).toHaveBeenCalledOnce());
    expect(apply).toHaveBeenCalledWith(expected);
  });

  it('cannot undo an action begun while it was under way, even one that ended', async () => {
    const read = deferred<Answer<'getReport'>>();
    const { send, result } = hook({ getReport: () => read.promise });
    const apply = vi.fn();
    act(() => result.current.refresh(4, apply));
    act(() => result.current.begin('page', 'delete'));
    act(() => result.current.end('page'));
    await act(async () => {
      read.resolve(ok(PENDING));
      await new Promise((done) => setTimeout(done, 10));
    });
    expect(apply).not.toHaveBeenCalled();
    // Nor does it wait for a rating nobody will be shown.
    expect(sent(send)).toEqual(['getReport 4']);
  });

  it('applies a refresh begun after the last action', async () => {
    const { result } = hook({ getReport: () => ok(RATED) });
    act(() => result.current.begin('page', 'reanalyze'));
    act(() => result.current.end('page'));
    const apply = vi.fn();
    act(() => result.current.refresh(4, apply));
    await waitFor(() => expect(apply).toHaveBeenCalledWith(ok(RATED)));
  });
});

/** A tiny list, the way Reports uses the hook: each row runs its own action. */
function Rows({ send, ids }: { send: Sender; ids: number[] }) {
  const rows = useReportActions<number, Work>(send);
  async function reanalyze(id: number) {
    rows.begin(id, 'reanalyze');
    const { answer } = await rows.reanalyze(id);
    rows.end(id, answer.ok ? undefined : { context: 'Failed:', error: answer.error });
  }
  return (
    <ul>
      {ids.map((id) => (
        <li key={id} aria-label={`Row ${id}`} aria-busy={rows.workOn(id) !== null}>
          <button type="button" onClick={() => reanalyze(id)}>
            Re-analyze
          </button>
          {rows.failureAt(id) && <p role="alert">{rows.failureAt(id)?.error.message}</p>}
        </li>
      ))}
    </ul>
  );
}

describe('useReportActions in a list', () => {
  it('runs rows side by side and shows each failure in its own row', async () => {
    const second = deferred<Answer<'updateReport'>>();
    const send = fakeSend({
      updateReport: ({ id }) => (id === 1 ? fail('server', 'Row one failed.') : second.promise),
    });
    render(<Rows send={send} ids={[1, 2]} />);
    const one = screen.getByRole('listitem', { name: 'Row 1' });
    const two = screen.getByRole('listitem', { name: 'Row 2' });
    fireEvent.click(within(two).getByRole('button'));
    fireEvent.click(within(one).getByRole('button'));
    expect(two.getAttribute('aria-busy')).toBe('true');
    expect((await within(one).findByRole('alert')).textContent).toBe('Row one failed.');
    expect(one.getAttribute('aria-busy')).toBe('false');
    expect(two.getAttribute('aria-busy')).toBe('true');
    expect(within(two).queryByRole('alert')).toBeNull();

    second.resolve(ok(report({ id: 2 })));
    await waitFor(() => expect(two.getAttribute('aria-busy')).toBe('false'));
    expect(within(one).getByRole('alert')).toBeTruthy();
  });
});
