// While the preview runs: a few downscaled frames per second go to the Worker's barcode reader; a code read in
// two consecutive frames is reported once (until it leaves the view). A frame the library's pass cannot read is
// read turned upright from its bars' slant, and, for the catalogue's barcodes sent with each frame, by blurred
// templates (a code held closer than the camera focuses).
import { createLiveBarcodeConfirmer } from '@hanouti/recognition';
import { useEffect, useRef, type RefObject } from 'react';
import { scanBarcodes } from '../../../recognition/recognitionClient';

/** Long side of the frames read: enough for a code held near the camera, cheap enough for every frame. */
export const LIVE_FRAME_SIDE = 800;
/** Pause between two reads (≈ 4 frames per second with the read itself). */
const FRAME_INTERVAL_MS = 150;

function grabFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement) {
  const scale = Math.min(1, LIVE_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
  const width = Math.round(video.videoWidth * scale);
  const height = Math.round(video.videoHeight * scale);
  if (width === 0 || height === 0) return undefined;
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  context.drawImage(video, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  return { width, height, data };
}

export function useLiveBarcodeScan(
  videoRef: RefObject<HTMLVideoElement | null>,
  enabled: boolean,
  onCode: (gtin: string) => void,
  known: readonly string[] = [],
): void {
  const knownRef = useRef(known);
  useEffect(() => {
    knownRef.current = known;
  }, [known]);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const confirmer = createLiveBarcodeConfirmer();
    const canvas = document.createElement('canvas');
    const loop = async () => {
      while (!stopped) {
        const video = videoRef.current;
        const frame = video ? grabFrame(video, canvas) : undefined;
        if (frame) {
          try {
            const gtins = await scanBarcodes(frame, knownRef.current);
            if (stopped) break;
            for (const gtin of confirmer.onFrame(gtins)) onCodeRef.current(gtin);
          } catch (error) {
            console.error('Live barcode read failed', error);
            if (stopped) break;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, FRAME_INTERVAL_MS));
      }
    };
    void loop();
    return () => {
      stopped = true;
    };
  }, [enabled, videoRef]);
}
