// The rear camera as a hook: inactive until asked, active with a live preview, or in error (permissions).
import { CAMERA_IDEAL_HEIGHT, CAMERA_IDEAL_WIDTH } from '@hanouti/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { captureVideoFrame } from './photoPipeline';

export type CameraStatus = 'inactive' | 'starting' | 'active' | 'error';

/** Spec §7: rear camera, ideal 1280×720; "ideal" lets a phone without it still open the one it has. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: {
    facingMode: { ideal: 'environment' },
    width: { ideal: CAMERA_IDEAL_WIDTH },
    height: { ideal: CAMERA_IDEAL_HEIGHT },
  },
};

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export function useCamera() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [status, setStatus] = useState<CameraStatus>('inactive');

  const stop = useCallback(() => {
    stopTracks(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setStatus('inactive');
  }, []);

  const start = useCallback(async () => {
    stopTracks(streamRef.current);
    streamRef.current = null;
    setStatus('starting');
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API (insecure origin?)');
      const stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) throw new Error('the preview is not on screen');
      video.srcObject = stream;
      await video.play();
      setStatus('active');
    } catch (error) {
      console.error('Camera not available', error);
      stopTracks(streamRef.current);
      streamRef.current = null;
      setStatus('error');
    }
  }, []);

  /** The current frame as a JPEG; rejects with PhotoCaptureError. */
  const capture = useCallback(async () => {
    const video = videoRef.current;
    if (!video) throw new Error('the preview is not on screen');
    return captureVideoFrame(video);
  }, []);

  // The camera light goes off as soon as the overlay closes.
  useEffect(() => () => stopTracks(streamRef.current), []);

  return { videoRef, status, start, stop, capture };
}
