// This page's "Why this rating". A module of its own so that the popup can load it (and the
// checks' names and words) after its first paint: WhyRating is also part of the workspace's
// Reports code, and a lazily loaded piece of a shared chunk costs the popup a runtime helper.
// It says nothing while it reads or when reading fails: the rating above it stays what it was.
import type { Sender } from '../../lib/messaging/send';
import { useReportDetails, WhyRating } from './WhyRating';

export interface PageExplanationProps {
  send: Sender;
  id: number;
  generatedAt: string | null;
}

export function PageExplanation({ send, id, generatedAt }: PageExplanationProps) {
  const state = useReportDetails(send, id, generatedAt);
  if (state.status !== 'done' || !state.details.explanation) return null;
  return <WhyRating explanation={state.details.explanation} />;
}
