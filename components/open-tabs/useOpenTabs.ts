// The web pages open in the workspace's window, each with what the rating cache knows of it,
// kept current as tabs open, close and navigate, and as reports become known.
import { useEffect, useState } from 'preact/hooks';
import {
  followWindowTabs,
  type TabLike,
  type WindowTabEvents,
  webTabs,
} from '../../lib/open-tabs/open-tabs';
import { ratingCacheItem } from '../../lib/rating/cache';
import { useStoredValue } from '../ui/useStoredValue';

export function useOpenTabs(tabs: WindowTabEvents) {
  const [found, setFound] = useState<TabLike[] | null>(null);
  const cache = useStoredValue(ratingCacheItem);
  useEffect(() => followWindowTabs(tabs, setFound), [tabs]);
  return found && cache.loaded ? webTabs(found, cache.value) : null;
}
