// What `wxt/browser` is in the builds (wxt.config.ts): webextension-polyfill's `browser`, taken
// from a CommonJS module by name. An ES default import of the polyfill (a CommonJS module) makes
// the bundler copy each of its properties, and in a browser with its own `browser` each property
// read builds that API's namespace: every one of them, at each start of the service worker.
exports.browser = require('webextension-polyfill');
