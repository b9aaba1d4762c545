// Listens on the whole sale screen for a keyboard-wedge scanner and reports each scanned code.
import { useEffect, useRef } from 'react';
import { feedWedge, initialWedgeState } from './barcodeWedge';

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
  );
}

/**
 * Calls `onScan` with the code of every scan. A scan typed into a text field is left to that field
 * (the quick-add search reads barcodes itself on Enter), so a code is never added twice.
 */
export function useBarcodeWedge(onScan: (code: string) => void): void {
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  }, [onScan]);
  useEffect(() => {
    let state = initialWedgeState;
    const onKey = (event: KeyboardEvent) => {
      if (isTextField(event.target)) {
        state = initialWedgeState;
        return;
      }
      const next = feedWedge(state, event.key, event.timeStamp);
      state = next.state;
      if (next.code) {
        event.preventDefault();
        latest.current(next.code);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
