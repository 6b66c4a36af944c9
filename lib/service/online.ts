// Whether the browser is online, the one check every part asks: offline, a create is not sent
// (it is provably not made, so it may wait in the queue). Node (the handlers' tests) has no
// navigator: online.
export const browserOnline = (): boolean => globalThis.navigator?.onLine !== false;
