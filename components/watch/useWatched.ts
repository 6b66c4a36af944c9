// The Watched tab's data: the overview (lib/watch/overview.ts), read when the tab is shown, when
// reports changed elsewhere, and again whenever a job finishes (a run has new analyses to show).
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import { isFinished } from '../../lib/jobs/schema';
import { readHash, watchHash, writeHash } from '../../lib/reports/workspace-address';
import type { WatchOverview } from '../../lib/watch/model';
import type { WatchRead } from '../../lib/watch/overview';
import { useJobs } from '../jobs/useJobs';

/** The hash key naming the report whose history is open (a notification's click sets it). */
export const HISTORY_KEY = 'history';

export function useWatched(
  read: () => Promise<WatchRead<WatchOverview>>,
  active: boolean,
  revision: number,
) {
  const [overview, setOverview] = useState<WatchOverview | null>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);
  const { jobs } = useJobs();
  const finished = jobs
    .filter(isFinished)
    .map((job) => `${job.id}:${job.finishedAt ?? ''}`)
    .join();

  const reload = useCallback(async () => {
    const ask = ++asked.current;
    setLoading(true);
    const answer = await read();
    if (ask !== asked.current) return;
    setLoading(false);
    if (answer.ok) {
      setOverview(answer.data);
      setError(null);
    } else {
      setError(answer.error);
    }
  }, [read]);

  useEffect(() => {
    if (active) void reload();
  }, [active, revision, finished, reload]);

  return { overview, setOverview, error, loading, reload };
}

/** The report whose history is open, kept in the address: `#tab=watched&history=12`. */
export function useOpenHistory() {
  const [id, setId] = useState(() => historyIn(readHash()));
  useEffect(() => watchHash((hash) => setId(historyIn(hash))), []);
  const open = useCallback((next: number | null) => writeHash({ [HISTORY_KEY]: next }), []);
  return { id, open };
}

function historyIn(hash: Record<string, string>): number | null {
  const id = Number(hash[HISTORY_KEY]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
