// Views the popup does not show first (Reports, Projects) are split off and loaded with import()
// on first visit — or earlier, once the popup has shown its content — so that what popup.html
// loads first stays small. Until the code is there, the view says it is loading.
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';

interface Placeholder {
  /** Shown while the view's code loads ("Loading reports…"). */
  loadingText: string;
  /** The alert's context when it cannot be loaded ("Couldn't load the reports."). */
  loadFailed: string;
}

export type LazyView<P> = ComponentType<P & Placeholder> & { preload(): Promise<unknown> };

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): LazyView<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  function Lazy({ loadingText, loadFailed, ...props }: P & Placeholder) {
    const [View, setView] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    // `attempt` changes when Try again asks for another load.
    useEffect(() => {
      if (View) return;
      let live = true;
      preload().then(
        (component) => live && setView(() => component),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [View, attempt]);

    if (View) return <View {...(props as unknown as P)} />;
    if (failed) {
      // Only an extension updated while the popup was open loses its files this way.
      return (
        <ErrorAlert
          error={{ kind: 'bad_message', message: '' }}
          context={loadFailed}
          onRetry={() => {
            setFailed(false);
            setAttempt((count) => count + 1);
          }}
        />
      );
    }
    return (
      <p class="notice-status" role="status">
        {loadingText}
      </p>
    );
  }
  return Object.assign(Lazy, { preload });
}
