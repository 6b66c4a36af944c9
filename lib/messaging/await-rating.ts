// A report answered before its analysis finished has no rating yet: the page then waits for it;
// when waiting fails, the first answer is still the best it knows.
import type { ErrorData } from '../api/model';
import type { Answer } from './protocol';
import type { Sender } from './send';

/** What the service answers about one report (create, read, update, wait). */
export type ReportAnswer = Answer<'getReport'>;

export interface Rated {
  /** The waited report when the wait succeeded; otherwise the first answer. */
  answer: ReportAnswer;
  /** Why waiting for the rating failed (the answer then holds the report without one). */
  waitError?: ErrorData;
}

export interface AwaitRatingOptions {
  /** The report to wait for; the answered report's id unless given. */
  id?: number;
  /** Asked once the first answer is in: waiting is still wanted. */
  when?: () => boolean;
}

/** Waits for the rating when `first` is a report without one. */
export async function awaitRating(
  send: Sender,
  first: ReportAnswer | Promise<ReportAnswer>,
  { id, when }: AwaitRatingOptions = {},
): Promise<Rated> {
  const answer = await first;
  if (!answer.ok || answer.data.rating !== null || (when && !when())) return { answer };
  const waited = await send({ type: 'waitForResult', id: id ?? answer.data.id });
  return waited.ok ? { answer: waited } : { answer, waitError: waited.error };
}
