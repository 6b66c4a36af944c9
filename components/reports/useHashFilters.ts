// The Reports tab's filters, kept in the workspace's address.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { filtersFromHash, filtersToHash, sameFilters } from '../../lib/reports/filters';
import { changeFilters, type ReportFilters } from '../../lib/reports/view-state';
import { readHash, watchHash, writeHash } from '../../lib/reports/workspace-address';

/**
 * The filters, kept in the workspace's address (`#tab=reports&result=bad&…`) so that a reload or a
 * copied link comes back to them, and followed when something else changes it. `change` goes
 * through the address (any change but the page's goes back to page 1).
 */
export function useHashFilters() {
  const [filters, setFilters] = useState<ReportFilters>(() => filtersFromHash(readHash()));
  useEffect(
    () =>
      watchHash((hash) => {
        const next = filtersFromHash(hash);
        setFilters((current) => (sameFilters(current, next) ? current : next));
      }),
    [],
  );
  const change = useCallback((patch: Partial<ReportFilters>) => {
    writeHash(filtersToHash(changeFilters(filtersFromHash(readHash()), patch)));
  }, []);
  return { filters, change };
}
