// The performance budget. Bytes are deterministic and enforced by `npm test`
// (test/e2e/bundle-budget.e2e.test.ts); timings are reported by `npm run bench`, never gated.

/** 1 kB = 1000 bytes, of gzip (zlib's default level), as bench/bytes.ts measures. */
export const KB = 1000;

export const BYTE_BUDGETS = {
  /** Everything popup.html loads before it runs (JS + CSS, following static imports). */
  popup: 16 * KB,
  /** Everything options.html loads before it runs. */
  options: 25 * KB,
  /** Everything sidepanel.html (the workspace) loads before it runs, Reports included. */
  workspace: 30 * KB,
  /**
   * The background service worker. 25 kB until the request queue (pacing, resume, jobs: about
   * 4.5 kB) came; the polyfill it no longer loads freed about 2.7 kB of that.
   */
  background: 30 * KB,
} as const;

export type ByteBudgetName = keyof typeof BYTE_BUDGETS;

/**
 * Popup time to content may be at most this many times a static page's (the floor): with the
 * service worker running, and with it stopped just before (it then starts beside the popup).
 */
export const POPUP_TO_FLOOR_RATIO = { workerRunning: 1.2, workerStopped: 1.3 } as const;

/** Workspace time to its first rows may be at most this many times a static page's. */
export const WORKSPACE_TO_FLOOR_RATIO = 1.5;

/** API requests reaching the service, counted from its own log. */
export const REQUEST_BUDGETS = {
  /** Opening the popup on a page whose rating is cached: before the content shows. */
  popupBeforeContent: 0,
  /** … and after it (the quiet refresh of the cached rating). */
  popupAfterContent: 1,
  /** Switching tabs and navigating, popup closed: the badge comes from the cache. */
  tabSwitchAndNavigation: 0,
  /** Create: the one POST (polls come on top, only while the rating is null). */
  create: 1,
  /** The Reports view's first page. */
  reportsFirstPage: 1,
  /** The workspace opened on Reports, until its first rows (and the second after). */
  workspaceFirstRows: 1,
  /** Then selecting rows and switching the workspace's tabs. */
  workspaceSelectionAndTabs: 0,
} as const;

/**
 * The queue: one job of 100 creates under a limit of 60 a minute, the service saying (as Laravel)
 * nothing of its window's end on successes. Counted from the service's own log.
 */
export const QUEUE_BUDGET = {
  /** POST /reports reaching the service: each create exactly once. */
  posts: 100,
  /** 429 answers. */
  refused: 0,
  /** First request → last, at most this many times the floor the limit sets (one window). */
  toFloorRatio: 1.1,
} as const;
