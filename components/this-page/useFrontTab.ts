// The tab the header is about, followed through tab switches and navigations
// (lib/this-page/front-tab.ts).
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ActiveTab } from '../../lib/this-page/active-tab';
import { type FrontTabEvents, followFrontTab, type OwnPlace } from '../../lib/this-page/front-tab';

export function useFrontTab(
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
