// The printer paired on this phone and its paper width, remembered in localStorage (a printer belongs to a device).
import { useSyncExternalStore } from 'react';
import { DEFAULT_PAPER_WIDTH, isPaperWidth, type PaperWidth } from './paper';

export const PRINTER_STORAGE_KEY = 'hanouti.printer';

export type PrinterPreferences = { id?: string; name?: string; paper: PaperWidth };

const DEFAULTS: PrinterPreferences = { paper: DEFAULT_PAPER_WIDTH };
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: PrinterPreferences } | undefined;

function parse(raw: string | null): PrinterPreferences {
  if (!raw) return DEFAULTS;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    return {
      paper: isPaperWidth(value.paper) ? value.paper : DEFAULT_PAPER_WIDTH,
      ...(typeof value.id === 'string' && value.id !== '' ? { id: value.id } : {}),
      ...(typeof value.name === 'string' && value.name !== '' ? { name: value.name } : {}),
    };
  } catch {
    return DEFAULTS;
  }
}

export function readPrinterPreferences(): PrinterPreferences {
  const raw = window.localStorage.getItem(PRINTER_STORAGE_KEY);
  if (!cached || cached.raw !== raw) cached = { raw, value: parse(raw) };
  return cached.value;
}

export function writePrinterPreferences(next: PrinterPreferences): void {
  window.localStorage.setItem(PRINTER_STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function usePrinterPreferences(): PrinterPreferences {
  return useSyncExternalStore(subscribe, readPrinterPreferences, () => DEFAULTS);
}
