// The flash (torch) of the rear camera, when the phone's camera track offers it; hidden otherwise.
import { useCallback, useEffect, useState, type RefObject } from 'react';

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };

function videoTrack(video: HTMLVideoElement | null): MediaStreamTrack | undefined {
  const stream = video?.srcObject;
  return stream instanceof MediaStream ? stream.getVideoTracks()[0] : undefined;
}

export function useTorch(videoRef: RefObject<HTMLVideoElement | null>, active: boolean) {
  const [supported, setSupported] = useState(false);
  const [on, setOn] = useState(false);

  useEffect(() => {
    const track = active ? videoTrack(videoRef.current) : undefined;
    const capabilities: TorchCapabilities | undefined = track?.getCapabilities?.();
    setSupported(capabilities?.torch === true);
    setOn(false);
  }, [active, videoRef]);

  const toggle = useCallback(async () => {
    const track = videoTrack(videoRef.current);
    if (!track) return;
    const next = !on;
    try {
      await track.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] });
      setOn(next);
    } catch (error) {
      console.warn('Torch not switched', error);
      setSupported(false);
    }
  }, [on, videoRef]);

  return { supported, on, toggle };
}
