// A User Timing mark for "the popup shows its content": set once per page, when the This page
// view first shows the page's address (with its cached rating, when there is one). The benchmark
// (bench/) reads it as `performance.getEntriesByName('content')[0].startTime`; it costs nothing.
export const CONTENT_MARK = 'content';

export function markContent(perf: Performance | undefined = globalThis.performance): void {
  try {
    if (perf && perf.getEntriesByName(CONTENT_MARK).length === 0) perf.mark(CONTENT_MARK);
  } catch {
    // An environment without User Timing: nothing to measure there.
  }
}
