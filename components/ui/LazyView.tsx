// A view whose code is loaded by import() when it is first shown. With `loadingKey` and
// `failedKey` it says it is loading, or that loading failed (with Try again); without them it
// shows nothing until it is in, nor when loading fails (a part of the popup the first paint can
// do without).
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { type MessageKey, t } from '../../lib/i18n';

export interface LazyViewProps<P extends object> {
  /** Stable (defined once): each new function loads again. */
  load: () => Promise<ComponentType<P>>;
  loadingKey?: MessageKey;
  failedKey?: MessageKey;
  props: P;
  /** The view when its code is in already: shown at once, without waiting for a frame. */
  loaded?: ComponentType<P>;
}

export function LazyView<P extends object>({
  load,
  loadingKey,
  failedKey,
  props,
  loaded,
}: LazyViewProps<P>) {
  const [View, setView] = useState<ComponentType<P> | null>(() => loaded ?? null);
  const [failed, setFailed] = useState(false);
  const isIn = View !== null;

  useEffect(() => {
    if (failed || isIn) return;
    let live = true;
    load().then(
      (loaded) => live && setView(() => loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [load, failed, isIn]);

  if (View) return <View {...props} />;
  if (!failed) {
    return loadingKey ? (
      <p class="notice-status" role="status">
        {t(loadingKey)}
      </p>
    ) : null;
  }
  if (!failedKey) return null;
  // Only an extension updated while the page was open loses its files this way.
  return (
    <div class="alert" role="alert">
      <p>
        <strong>{t(failedKey)} </strong>
        {t('error_no_answer')}
      </p>
      <p class="actions">
        <button type="button" onClick={() => setFailed(false)}>
          {t('common_retry')}
        </button>
      </p>
    </div>
  );
}
