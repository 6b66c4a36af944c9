// This page's "Why this rating", loaded after the popup's first paint (LazyPageExplanation). It
// says nothing while it reads or when reading fails: the rating above it stays what it was.
import type { Sender } from '../../lib/messaging/send';
import { useReportDetails } from './useReportDetails';
import { WhyRating } from './WhyRating';

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
