// The sale in progress, kept in localStorage (spec) so that a reload or a killed tab never loses it.
import { emptyCart, parseStoredCart, type Cart } from '@hanouti/core';
import { useSyncExternalStore } from 'react';

export const CART_STORAGE_KEY = 'hanouti.cart';

const listeners = new Set<() => void>();
type StoredCart = { cart: Cart; corrupt: boolean };
let cached: { raw: string | null; value: StoredCart } | undefined;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The stored cart; unreadable lines are dropped and `corrupt` says so (the sale screen then rewrites it). */
export function readCart(): StoredCart {
  const raw = storage()?.getItem(CART_STORAGE_KEY) ?? null;
  // Same text, same object: useSyncExternalStore re-renders only when the stored cart changed.
  if (!cached || cached.raw !== raw) cached = { raw, value: parseStoredCart(raw) };
  return cached.value;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function writeCart(cart: Cart): void {
  const store = storage();
  if (cart.lines.length === 0 && !cart.customerId && cart.paymentMethod === 'cash') {
    store?.removeItem(CART_STORAGE_KEY);
  } else {
    store?.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  }
  notify();
}

export function clearCart(): void {
  writeCart(emptyCart());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the app selling at the same time sees the same cart.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

const EMPTY = { cart: emptyCart(), corrupt: false };

/** The live cart and a way to change it (`update` receives the current cart and returns the next one). */
export function useCart(): { cart: Cart; corrupt: boolean; update: (change: (cart: Cart) => Cart) => void } {
  const { cart, corrupt } = useSyncExternalStore(subscribe, readCart, () => EMPTY);
  return { cart, corrupt, update: (change) => writeCart(change(readCart().cart)) };
}
