// The top of the workspace: the page in front of it and its rating as the rating cache knows it,
// following tab switches and navigations; never asked of the service.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { cachedRatingFor, ratingCacheItem } from '../../lib/rating/cache';
import type { ActiveTab } from '../../lib/this-page/active-tab';
import { type FrontTabEvents, followFrontTab, type OwnPlace } from '../../lib/this-page/front-tab';
import { isWebUrl } from '../../lib/this-page/pages';
import { RatingBadge } from '../rating/RatingBadge';
import { RelativeTime } from '../ui/RelativeTime';
import { useStoredValue } from '../ui/useStoredValue';

function useFrontTab(
  tabs: FrontTabEvents,
  place: Promise<OwnPlace>,
  first: ActiveTab | undefined,
): ActiveTab | undefined {
  const [tab, setTab] = useState(first);
  const shown = useRef(tab);
  shown.current = tab;
  // A layout effect: listening from the first render on, a switch right after it is not missed.
  useLayoutEffect(() => followFrontTab(tabs, place, () => shown.current, setTab), [tabs, place]);
  return tab;
}

export interface ThisPageProps {
  tabs: FrontTabEvents;
  place: Promise<OwnPlace>;
  /** The page in front when the workspace opened (lib/this-page/active-tab.ts). */
  first: ActiveTab | undefined;
  /** The saved service, whose ratings alone are shown. */
  account: string | null;
}

export function ThisPage({ tabs, place, first, account }: ThisPageProps) {
  const tab = useFrontTab(tabs, place, first);
  const cache = useStoredValue(ratingCacheItem);
  const url = tab?.url;
  const known = cachedRatingFor(cache.value, url, account);
  return (
    <section class="this-page" aria-label={t('workspace_thisPage')}>
      {url ? (
        <>
          <p class="this-page-title">{tab?.title || t('popup_untitled')}</p>
          <p class="address">{url}</p>
        </>
      ) : (
        <p class="muted">{t('workspace_noPage')}</p>
      )}
      {known ? (
        <p class="this-page-rating">
          <RatingBadge rating={known.rating} score={known.score} />
          {known.generatedAt && (
            <span class="muted">
              {t('popup_generated')} <RelativeTime iso={known.generatedAt} />
            </span>
          )}
        </p>
      ) : (
        cache.loaded &&
        url && (
          <p class="muted">{isWebUrl(url) ? t('workspace_noReport') : t('workspace_notWebPage')}</p>
        )
      )}
    </section>
  );
}
