// Code that the popup's first content does not need (an alert, a dialog, a form opened on
// request, the other views) is split off and loaded with import(): popup.html loads less before
// it can show the page, and App preloads these parts once the content is on screen. Once
// loaded, a part renders synchronously, like any component; rendered before that, it starts the
// load and shows its fallback (nothing, unless given) for the few milliseconds it takes.
import type { ComponentChildren, ComponentType } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

export interface Loader<T> {
  /** Starts loading, once (again after a failure); answers what was loaded. */
  preload(): Promise<T>;
  /** What was loaded, once it is. */
  loaded(): T | undefined;
}

export function loader<T>(load: () => Promise<T>): Loader<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    preload() {
      pending ??= load().then(
        (result) => {
          value = result;
          return result;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}

export type LazyComponent<P> = ComponentType<P> & { preload(): Promise<unknown> };

export interface LazyOptions<P> {
  /** Whether these props show anything at all (an alert without an error does not): if not, the
   * code is not asked for. */
  needed?: (props: P) => boolean;
  /** Shown until the code is there: while it loads, and with `retry` once loading failed. */
  fallback?: (props: P, retry?: () => void) => ComponentChildren;
}

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { needed, fallback }: LazyOptions<P> = {},
): LazyComponent<P> {
  const code = loader(load);

  function Lazy(props: P) {
    const wanted = !needed || needed(props);
    const Component = code.loaded();
    const [failed, setFailed] = useState(false);
    const [, setLoads] = useState(0);
    // A layout effect, so the load starts with the render that asks for it, not a frame later.
    // Without dependencies: a part without a fallback tries again when it is rendered again
    // after a failure (only an extension updated while the popup is open loses its files);
    // one with a fallback says so and offers to try again.
    useLayoutEffect(() => {
      if (!wanted || Component || (failed && fallback)) return;
      let live = true;
      code.preload().then(
        () => live && setLoads((count) => count + 1),
        () => live && fallback && setFailed(true),
      );
      return () => {
        live = false;
      };
    });
    if (Component) return wanted ? <Component {...props} /> : null;
    return wanted && fallback ? fallback(props, failed ? () => setFailed(false) : undefined) : null;
  }
  return Object.assign(Lazy, { preload: code.preload });
}
