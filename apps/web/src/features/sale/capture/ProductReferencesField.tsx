// For the product form: how many views recognition knows of the product, and a way to add more (3–5 sides).
import { Camera, LoaderCircle, ScanEye } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useReferenceCount } from '../../../data/referenceFeaturesRepository';
import { addProductView } from '../../../recognition/references';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toastStore';
import { imageFileProblem } from '../../camera/imageFile';

/** Recognition is reliable from this many views of a product (spec of issue 8: 3–5 from different sides). */
export const ADVISED_VIEWS = 3;

export function ProductReferencesField({ productId }: { productId: string | undefined }) {
  const { t } = useTranslation('sale');
  const { t: tShell } = useTranslation();
  const count = useReferenceCount(productId) ?? 0;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function addView(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !productId) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast({
        tone: 'error',
        title: tShell(problem === 'too-large' ? 'catalog.imageTooLarge' : 'catalog.imageRequired'),
      });
      return;
    }
    setBusy(true);
    try {
      await addProductView(productId, file);
      toast({ tone: 'success', title: t('references.added') });
    } catch (error) {
      console.error('Reference view not added', error);
      toast({ tone: 'error', title: t('references.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2 rounded-xl bg-brand-50 p-3">
      <p className="flex items-center gap-2 font-medium text-ink">
        <ScanEye className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        {t('references.count', { count })}
      </p>
      {count < ADVISED_VIEWS ? <p className="text-sm text-muted">{t('references.advice')}</p> : null}
      {productId ? (
        <>
          <Button
            variant="secondary"
            className="self-start px-3 text-sm"
            icon={busy ? <LoaderCircle className="animate-spin" /> : <Camera />}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {busy ? t('references.adding') : t('references.add')}
          </Button>
          <input
            ref={input}
            type="file"
            accept="image/*"
            capture="environment"
            aria-label={t('references.add')}
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => void addView(event)}
          />
        </>
      ) : null}
    </div>
  );
}
