// Code passed to `worker.evaluate()` / `page.evaluate()` runs inside Chromium, where the
// extension APIs are the promise-based `chrome` namespace, shaped like the polyfill's.
declare const chrome: typeof import('webextension-polyfill').default;
