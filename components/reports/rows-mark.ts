// User Timing for the benchmark (bench/workspace.ts): the mark 'rows' when the Reports table first
// has rows in the document (the list as last shown, or the service's answer), 'rows-fresh' when
// it first has the service's, and the measure 'rows-100' from a 100-row page's arrival to its rows
// in the document. Like lib/this-page/content-mark.ts's 'content', they cost next to nothing.
export const ROWS_MARK = 'rows';
export const FRESH_ROWS_MARK = 'rows-fresh';
export const ROWS_100_MEASURE = 'rows-100';
const ROWS_100_START = 'rows-100-start';

type Perf = Pick<Performance, 'mark' | 'measure' | 'getEntriesByName'>;

const perf = (): Perf | undefined => globalThis.performance;

/** The first rows (`name`: of any kind, or the service's) are in the document (once per page). */
export function markRows(name = ROWS_MARK, timing: Perf | undefined = perf()): void {
  try {
    if (timing && timing.getEntriesByName(name).length === 0) timing.mark(name);
  } catch {
    // No User Timing here: nothing to measure.
  }
}

/** A page of `count` rows is about to render. */
export function startRowsRender(count: number, timing: Perf | undefined = perf()): void {
  if (count !== 100) return;
  try {
    timing?.mark(ROWS_100_START);
  } catch {
    // As above.
  }
}

/** That page's rows are in the document. */
export function endRowsRender(count: number, timing: Perf | undefined = perf()): void {
  if (count !== 100) return;
  try {
    if (timing && timing.getEntriesByName(ROWS_100_START).length > 0) {
      timing.measure(ROWS_100_MEASURE, ROWS_100_START);
    }
  } catch {
    // As above.
  }
}
