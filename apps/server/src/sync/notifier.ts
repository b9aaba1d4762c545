// Tells the open event streams of a shop that its change feed moved, so other phones pull at once.
import { EventEmitter } from 'node:events';

export interface ShopNotifier {
  publish(shopId: string): void;
  /** Returns the function that stops listening. */
  subscribe(shopId: string, listener: () => void): () => void;
}

/** Within one server process. Several servers behind a load balancer relay through PostgreSQL (docs/scaling.md). */
export function createShopNotifier(): ShopNotifier {
  const events = new EventEmitter();
  // One listener per open stream: a busy shop may have many phones, none of which is a leak.
  events.setMaxListeners(0);
  return {
    publish: (shopId) => {
      events.emit(shopId);
    },
    subscribe: (shopId, listener) => {
      events.on(shopId, listener);
      return () => {
        events.off(shopId, listener);
      };
    },
  };
}
