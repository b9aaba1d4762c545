// The photo sale flow, full screen: Capture Produits, then Vérification Détections, then back to the cart.
import { Dialog as RadixDialog } from 'radix-ui';
import { useState } from 'react';
import type { CartLine } from '@hanouti/core';
import { CaptureScreen, type CapturedPhoto } from './CaptureScreen';
import { ReviewScreen } from './ReviewScreen';

/** Shown full screen when IA photo is tapped: hands back the reviewed lines (added to the cart) or closes without. */
export type CaptureFlowProps = { onLines: (lines: CartLine[]) => void; onClose: () => void };

export function CaptureFlow({ onLines, onClose }: CaptureFlowProps) {
  const [stage, setStage] = useState<'capture' | 'review'>('capture');
  const [photos, setPhotos] = useState<CapturedPhoto[]>([]);

  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-(--layer-modal) flex flex-col bg-ink text-white focus:outline-none"
        >
          {/* Each stage's visible heading is the dialog's title (RadixDialog.Title): one name, not two. */}
          {stage === 'capture' ? (
            <CaptureScreen
              photos={photos}
              onPhotos={setPhotos}
              onAnalyse={() => setStage('review')}
              onClose={onClose}
            />
          ) : (
            <ReviewScreen
              photos={photos.map((photo) => photo.blob)}
              onRetake={() => {
                setPhotos([]);
                setStage('capture');
              }}
              onLines={onLines}
              onClose={onClose}
            />
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
