// Hand-made runtime.Port pairs (the fake browser has no runtime.connect/onConnect): what one end
// posts arrives at the other end, and disconnecting one end fires onDisconnect at the other end
// only, as browsers do. Messages are copied and delivered a microtask later, in order.
import type { MessageSender } from '../../../lib/background/handlers';

type Listener = (...args: never[]) => void;

class FakeEvent<L extends Listener> {
  readonly listeners = new Set<L>();
  addListener(listener: L) {
    this.listeners.add(listener);
  }
  removeListener(listener: L) {
    this.listeners.delete(listener);
  }
  hasListener(listener: L) {
    return this.listeners.has(listener);
  }
  fire(...args: Parameters<L>) {
    for (const listener of [...this.listeners]) listener(...args);
  }
}

export interface FakePort {
  name: string;
  sender?: MessageSender;
  /** False once either end has disconnected (seen here a microtask later, as onDisconnect). */
  connected: boolean;
  /** What arrived at this end, in order. */
  received: unknown[];
  /** Whether this end called disconnect(). */
  disconnectedHere: boolean;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: FakeEvent<(message: unknown) => void>;
  onDisconnect: FakeEvent<() => void>;
}

function end(name: string, sender?: MessageSender): FakePort & { other?: FakePort } {
  const port: FakePort & { other?: FakePort } = {
    name,
    sender,
    connected: true,
    received: [],
    disconnectedHere: false,
    postMessage(message) {
      if (port.disconnectedHere) throw new Error('Attempting to use a disconnected port object');
      const to = port.other as FakePort;
      const copy = structuredClone(message);
      queueMicrotask(() => {
        // Lost when the other end has gone.
        if (to.disconnectedHere) return;
        to.received.push(copy);
        to.onMessage.fire(copy);
      });
    },
    disconnect() {
      if (!port.connected) return;
      const to = port.other as FakePort;
      port.connected = false;
      port.disconnectedHere = true;
      queueMicrotask(() => {
        if (!to.connected) return;
        to.connected = false;
        to.onDisconnect.fire();
      });
    },
    onMessage: new FakeEvent(),
    onDisconnect: new FakeEvent(),
  };
  return port;
}

/** A connected pair: `page` is what runtime.connect gives, `background` what onConnect gets. */
export function portPair(name: string, sender?: MessageSender) {
  const page = end(name);
  const background = end(name, sender);
  page.other = background;
  background.other = page;
  return { page: page as FakePort, background: background as FakePort };
}
