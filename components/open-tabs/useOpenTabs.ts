// The web pages open in the workspace's window, each with what the rating cache knows of it,
// kept current as tabs open, close and navigate, and as reports become known.
import { useEffect, useState } from 'preact/hooks';
import {
  followWindowTabs,
  type TabLike,
  type WindowTabEvents,
  webTabs,
} from '../../lib/open-tabs/open-tabs';
import { RATING_CACHE_KEY } from '../../lib/rating/cache';
import type { StoredValueApi } from '../../lib/stored-value';
import { useStoredValue } from '../ui/useStoredValue';

export function useOpenTabs(tabs: WindowTabEvents, storageApi: StoredValueApi) {
  const [found, setFound] = useState<TabLike[] | null>(null);
  const cache = useStoredValue(storageApi, RATING_CACHE_KEY);
  useEffect(() => followWindowTabs(tabs, setFound), [tabs]);
  return found && cache.loaded ? webTabs(found, cache.value) : null;
}
