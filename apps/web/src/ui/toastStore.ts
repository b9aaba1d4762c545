// A tiny store of the toast on screen (one at a time), so any module (not only components) can announce a result.
import { useSyncExternalStore } from 'react';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
}

export interface ToastInput {
  title: string;
  description?: string;
  tone?: ToastTone;
}

let toasts: readonly ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly ToastMessage[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** How long a toast stays (ms): short, a little longer for an error, which asks the shopkeeper to act. */
export function toastDuration(tone: ToastTone): number {
  return tone === 'error' ? 4500 : 2500;
}

/**
 * Shows a toast; returns its id so that it can be dismissed early. One toast at a time: a new one replaces the
 * one on screen, so that toasts never pile up over the screen.
 */
export function toast(input: ToastInput): number {
  const id = nextId++;
  publish([{ id, tone: input.tone ?? 'info', title: input.title, description: input.description }]);
  return id;
}

export function dismissToast(id: number): void {
  publish(toasts.filter((item) => item.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly ToastMessage[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}

/** The toast API for components. */
export function useToast() {
  return { toast, dismiss: dismissToast };
}
