// Which two reports "Comparison" shows, if any, kept apart from the view itself, which the
// Reports tab loads only when it is first opened.
import { useRef, useState } from 'preact/hooks';
import type { ReportSummary } from '../../lib/api/model';

export type ReportPair = readonly [ReportSummary, ReportSummary];

/** The pair compared, if any, and the button that opens it, which gets the focus back on close. */
export function useComparison() {
  const [pair, setPair] = useState<ReportPair | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return {
    pair,
    buttonRef,
    open: (next: ReportPair) => setPair(next),
    close: () => {
      setPair(null);
      buttonRef.current?.focus();
    },
  };
}
