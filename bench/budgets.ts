// The budgets: bytes gated by `npm test` (bundle-budget.e2e.test.ts), the rest only reported.

const KB = 1000;

/**
 * gzip of each page's first load and of the background service worker, at their ceilings. A page
 * loads its own chunk and the one chunk the pages share first (wxt.config.ts): each file an
 * extension page loads costs about 3 ms, its bytes far less, so the pages carry some of each
 * other's code rather than more files. The options page reads and checks the stored settings
 * before it shows its form; the workspace shows the Reports tab it opens on.
 */
export const BYTE_BUDGETS = {
  popup: 43 * KB,
  options: 47 * KB,
  workspace: 52 * KB,
  background: 60 * KB,
} as const;

/** Files in each page's first load (scripts, style sheets and module preloads), at most. */
export const FIRST_LOAD_FILES = 4;

export type ByteBudgetName = keyof typeof BYTE_BUDGETS;

/** The popup's and the workspace's own cost above their bound, in ms (a goal, not a gate). */
export const OWN_COST_GOAL_MS = 16;

/** The service worker stopped → its answer to a first message, in ms (a goal, not a gate). */
export const WORKER_START_GOAL_MS = 40;

/** API requests reaching the local service, counted from its own log. */
export const REQUESTS = {
  popupBeforeContent: 0,
  popupAfterContent: 1,
  tabSwitchAndNavigation: 0,
  create: 1,
  reportsFirstPage: 1,
  workspaceFirstRows: 1,
  workspaceSelectionAndTabs: 0,
} as const;

/** Jobs under a limit of 60 a minute (items of a queued job, watched pages of a run), their pacing. */
export const JOBS = {
  queue: 100,
  watchRun: 500,
  refused: 0,
  toFloorRatio: 1.1,
  /** A finished audit of this many pages kept while the worker start is timed again. */
  keptAudit: 10_000,
} as const;

/**
 * Creates of jobs of several sizes on a service without a limit: the time between the first
 * `counted` POSTs of each, per create (reported, no goal): what a queue step costs beside them.
 */
export const JOB_PACE = {
  small: 100,
  audit: 10_000,
  counted: 100,
  /** A job run beside a finished audit of JOBS.keptAudit pages: it ends, and the audit is dropped. */
  afterAudit: { creates: 30, counted: 20 },
} as const;

/** Add pages reading a sitemap and a pasted list of `urls` addresses (a goal, not a gate). */
export const ADD_PAGES = { urls: 50_000, goalMs: 500 } as const;

/** One report's records of history read. */
export const HISTORY = { records: 100, readMs: 5 } as const;

/**
 * The Issues tab over `reports` kept reports of `checks` checks: its tab clicked until the table
 * shows, and a check's pages listed (goals, not gates); the store's size for `storeReports`.
 */
export const ISSUES = {
  reports: 10_000,
  checks: 30,
  tableMs: 300,
  pagesMs: 50,
  storeReports: 50_000,
} as const;
