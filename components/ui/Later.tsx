// A part of a page whose code comes by import() after the first paint: nothing shows until it is
// in (or if loading fails). For the popup, whose first load has no room for it.
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export interface LaterProps<P extends object> {
  /** Stable (defined once): each new function loads again. */
  load: () => Promise<ComponentType<P>>;
  props: P;
}

export function Later<P extends object>({ load, props }: LaterProps<P>) {
  const [View, setView] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => live && setView(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [load]);
  return View ? <View {...props} /> : null;
}
