// Which two reports "Comparison" shows, if any, and the view itself, which the Reports tab loads
// only when it is first opened.
import { useRef, useState } from 'preact/hooks';
import type { Sender } from '../../lib/messaging/send';
import { LazyView } from '../ui/LazyView';
import type { ComparisonProps, ReportPair } from './Comparison';

const loadComparison = () => import('./Comparison').then((module) => module.Comparison);

/** The pair compared, if any, and the button that opens it, which gets the focus back on close. */
export function useComparison() {
  const [pair, setPair] = useState<ReportPair | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setPair(null);
    buttonRef.current?.focus();
  };
  return {
    buttonRef,
    open: (next: ReportPair) => setPair(next),
    /** The region "Comparison" of the pair, once one is chosen. */
    view: (send: Sender, openOptions?: () => unknown) =>
      pair && (
        <LazyView<ComparisonProps>
          load={loadComparison}
          loadingKey="popup_loading"
          failedKey="compare_showFailed"
          props={{ reports: pair, send, onClose: close, openOptions }}
        />
      ),
  };
}
