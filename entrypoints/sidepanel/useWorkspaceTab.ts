// The shown tab, kept in the address's hash (lib/reports/hash.ts) so that a reload or a copied
// link comes back to it; a tab's panel is mounted on its first visit and then stays (hidden).
import { useCallback, useEffect, useState } from 'preact/hooks';
import {
  readHash,
  TAB_KEY,
  tabFromHash,
  type WorkspaceTab,
  watchHash,
  writeHash,
} from '../../lib/reports/hash';

export function useWorkspaceTab() {
  const [view, setView] = useState<WorkspaceTab>(() => tabFromHash(readHash()));
  const [visited, setVisited] = useState<WorkspaceTab[]>([view]);

  useEffect(
    () =>
      watchHash((hash) => {
        const next = tabFromHash(hash);
        setView(next);
        setVisited((seen) => (seen.includes(next) ? seen : [...seen, next]));
      }),
    [],
  );

  /** Shows `next` (through the hash: its watcher above does the rest). */
  const show = useCallback((next: WorkspaceTab) => writeHash({ [TAB_KEY]: next }), []);
  return { view, visited, show };
}
