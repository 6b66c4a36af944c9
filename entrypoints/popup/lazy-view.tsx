// Views the popup does not show first (Reports, Projects) are split off and loaded with import()
// on first visit — or earlier, once the popup has shown its content — so that what popup.html
// loads first stays small (see lazy-component.tsx). Until the code is there, the view says it
// is loading, or that it could not be loaded, with Try again.
import type { ComponentType } from 'preact';
import { t } from '../../lib/i18n';
import { type LazyComponent, lazyComponent } from './lazy-component';

interface Placeholder {
  /** Shown while the view's code loads ("Loading reports…"). */
  loadingText: string;
  /** The alert's context when it cannot be loaded ("Couldn't load the reports."). */
  loadFailed: string;
}

export type LazyView<P> = LazyComponent<P & Placeholder>;

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): LazyView<P> {
  return lazyComponent<P & Placeholder>(
    () =>
      load().then((View) => ({ loadingText, loadFailed, ...props }: P & Placeholder) => (
        <View {...(props as unknown as P)} />
      )),
    {
      fallback: ({ loadingText, loadFailed }, retry) =>
        retry ? (
          // Only an extension updated while the popup was open loses its files this way. Said
          // as ErrorAlert says an unanswered message, without loading its code (gone too?).
          <div class="alert" role="alert">
            <p>
              <strong>{loadFailed} </strong>
              {t('error_no_answer')}
            </p>
            <p class="actions">
              <button type="button" onClick={retry}>
                {t('common_retry')}
              </button>
            </p>
          </div>
        ) : (
          <p class="notice-status" role="status">
            {loadingText}
          </p>
        ),
    },
  );
}
