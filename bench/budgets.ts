// The performance budget. Bytes are deterministic and enforced by `npm test`
// (test/e2e/bundle-budget.e2e.test.ts); timings are reported by `npm run bench`, never gated.

/** 1 kB = 1000 bytes, of gzip (zlib's default level), as bench/bytes.ts measures. */
export const KB = 1000;

export const BYTE_BUDGETS = {
  /** Everything popup.html loads before it runs (JS + CSS, following static imports). */
  popup: 20 * KB,
  /** Everything options.html loads before it runs. */
  options: 25 * KB,
  /** The background service worker. */
  background: 25 * KB,
} as const;

export type ByteBudgetName = keyof typeof BYTE_BUDGETS;

/** Popup time to content may be at most this many times a static page's (the floor). */
export const POPUP_TO_FLOOR_RATIO = 1.5;

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
} as const;
