// The state of a view's actions on reports (This page, Reports): what runs where, the failure kept
// where it happened, the waits for a rating, and quiet refreshes that a newer action makes stale.
import { useMemo, useRef, useState } from 'preact/hooks';
import type { CreateReportInput, ErrorData } from '../../lib/api/model';
import { awaitRating, type Rated, type ReportAnswer } from '../../lib/messaging/await-rating';
import type { Sender } from '../../lib/messaging/send';

export interface ActionFailure<P = never> {
  /** What was being done, e.g. "Couldn't re-analyze the report." */
  context: string;
  error: ErrorData;
  /** Which part of the target it belongs to, when its alerts are in more than one place. */
  where?: P;
}

interface Slot<W, P> {
  work?: W;
  failure?: ActionFailure<P>;
}

export interface ReportActions<K extends PropertyKey, W extends string, P> {
  workOn(key: K): W | null;
  /** The failure kept for `key`; with `where`, only one that happened there. */
  failureAt(key: K, where?: P): ActionFailure<P> | null;
  /** A user action starts on `key`: its failure goes, and quiet refreshes under way go stale. */
  begin(key: K, work: W): void;
  end(key: K, failure?: ActionFailure<P>): void;
  /** createReport, then waitForResult while the rating is null. */
  create(input: CreateReportInput): Promise<Rated>;
  /** updateReport with results=1, then waitForResult while the rating is null. */
  reanalyze(id: number): Promise<Rated>;
  /**
   * Reads report `id` again without the user asking (and waits while it has no rating). `apply`
   * gets the answer only if no action began meanwhile; a failed wait counts only as not_found.
   */
  refresh(id: number, apply: (answer: ReportAnswer) => void): void;
}

/** `K` names what an action runs on (a report row, the page), `W` the actions, `P` the places. */
export function useReportActions<K extends PropertyKey, W extends string, P = never>(
  send: Sender,
): ReportActions<K, W, P> {
  const [slots, setSlots] = useState<Partial<Record<K, Slot<W, P>>>>({});
  /** Bumped by every action begun, so a late quiet refresh cannot undo it. */
  const begun = useRef(0);

  // Stable across renders, so that effects can depend on them.
  const actions = useMemo(() => {
    const set = (key: K, slot: Slot<W, P>) => setSlots((all) => ({ ...all, [key]: slot }));
    return {
      begin(key: K, work: W) {
        begun.current += 1;
        set(key, { work });
      },
      end: (key: K, failure?: ActionFailure<P>) => set(key, failure ? { failure } : {}),
      create: (input: CreateReportInput) =>
        awaitRating(send, send({ type: 'createReport', input })),
      reanalyze: (id: number) =>
        awaitRating(send, send({ type: 'updateReport', id, input: { results: true } }), { id }),
      refresh(id: number, apply: (answer: ReportAnswer) => void) {
        const before = begun.current;
        const quiet = () => begun.current === before;
        void awaitRating(send, send({ type: 'getReport', id }), { id, when: quiet }).then(
          ({ answer, waitError }) => {
            if (!quiet()) return;
            apply(waitError?.kind === 'not_found' ? { ok: false, error: waitError } : answer);
          },
        );
      },
    };
  }, [send]);

  return {
    ...actions,
    workOn: (key) => slots[key]?.work ?? null,
    failureAt(key, where) {
      const failure = slots[key]?.failure;
      return failure && (where === undefined || failure.where === where) ? failure : null;
    },
  };
}
