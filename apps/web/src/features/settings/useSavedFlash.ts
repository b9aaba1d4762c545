// "Sauvegardé!" on a save button for 2 s after a successful save (spec §8, §9).
import { useEffect, useState } from 'react';
import { SAVED_CONFIRMATION_MS } from '@hanouti/core';

export function useSavedFlash(): { saved: boolean; flash: () => void } {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), SAVED_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);
  return { saved, flash: () => setSaved(true) };
}
