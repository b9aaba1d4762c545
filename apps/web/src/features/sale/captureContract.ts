// What the sale screen expects of the photo-recognition flow (built by the recognition issue in ./capture/).
import type { CartLine } from '@hanouti/core';
import type { ComponentType } from 'react';

/**
 * `./capture/CaptureFlow.tsx` must export `CaptureFlow`: shown full screen when IA photo is tapped; it
 * hands back the reviewed lines (added to the cart) or closes without any.
 */
export type CaptureFlowProps = { onLines: (lines: CartLine[]) => void; onClose: () => void };
export type CaptureModule = { CaptureFlow: ComponentType<CaptureFlowProps> };

// Resolved at build time: an empty record while the capture folder does not exist.
const modules = import.meta.glob<CaptureModule>('./capture/CaptureFlow.tsx');

/** Loads the capture flow, or undefined when this build has none. */
export const loadCaptureFlow: (() => Promise<CaptureModule>) | undefined = Object.values(modules)[0];
