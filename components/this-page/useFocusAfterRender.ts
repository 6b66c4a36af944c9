// Where the focus goes once the next render is on screen: the control that had it (a disabled
// button, a closed form) is gone or unfocusable, and a keyboard or screen reader user would
// otherwise be left on the page body.
import type { RefObject } from 'preact';
import { useCallback, useLayoutEffect, useRef } from 'preact/hooks';

type Target = RefObject<HTMLElement | null>;

/** Answers `focusAfterRender(ref)`: focuses `ref`'s element once it is rendered. */
export function useFocusAfterRender(): (target: Target) => void {
  const next = useRef<Target | null>(null);

  // A layout effect: the focus moves with the render that removes its old place, before any key.
  useLayoutEffect(() => {
    const element = next.current?.current;
    if (!element) return;
    next.current = null;
    element.focus();
  });

  return useCallback((target: Target) => {
    next.current = target;
  }, []);
}
