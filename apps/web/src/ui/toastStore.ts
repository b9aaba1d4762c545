// A tiny store of the toasts on screen, so any module (not only components) can announce a result.
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

/** Shows a toast; returns its id so that it can be dismissed early. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  publish([
    ...toasts,
    { id, tone: input.tone ?? 'info', title: input.title, description: input.description },
  ]);
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
