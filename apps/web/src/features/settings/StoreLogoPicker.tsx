// The optional logo printed on the ticket: pick an image, see it, change or remove it.
import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopSettings } from '../../app/useShopSettings';
import { useMayDoOwnerActions } from '../../app/useDeviceRole';
import { removeShopLogo, saveShopLogo } from '../../data/logoRepository';
import { usePhoto } from '../../data/productsRepository';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toastStore';
import { checkLogoFile, reduceLogo } from './logoImage';

function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

export function StoreLogoPicker() {
  const { t } = useTranslation('settings');
  const { t: tApp } = useTranslation();
  const { logoId } = useShopSettings();
  const photo = usePhoto(logoId);
  const url = useObjectUrl(logoId ? photo?.thumbnail : undefined);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  // The logo is one of the shop's settings, which a staff phone may not change (docs/api.md).
  const mayChange = useMayDoOwnerActions();

  async function pick(file: File | undefined) {
    if (!file || !mayChange) return;
    const check = checkLogoFile(file);
    if (!check.ok) {
      toast({
        title: check.error === 'too-large' ? tApp('catalog.imageTooLarge') : tApp('catalog.imageRequired'),
        tone: 'error',
      });
      return;
    }
    setBusy(true);
    try {
      await saveShopLogo(await reduceLogo(file));
      toast({ title: t('logoSaved'), tone: 'success' });
    } catch (error) {
      console.error('Logo not saved', error);
      toast({ title: tApp('catalog.fileReadFailed'), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!mayChange) return;
    setBusy(true);
    try {
      await removeShopLogo();
      toast({ title: t('logoRemoved'), tone: 'success' });
    } catch (error) {
      console.error('Logo not removed', error);
      toast({ title: tApp('settings.saveFailed'), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-ink">{t('logo')}</p>
      <div className="flex items-center gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-canvas ring-1 ring-line">
          {url ? (
            <img src={url} alt={t('logoAlt')} className="size-full object-contain" />
          ) : (
            <ImagePlus className="size-6 text-muted" aria-hidden="true" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-wrap gap-2">
          <Button variant="secondary" disabled={busy || !mayChange} onClick={() => input.current?.click()}>
            {logoId ? t('changeLogo') : t('chooseLogo')}
          </Button>
          {logoId ? (
            <Button
              variant="ghost"
              icon={<Trash2 />}
              disabled={busy || !mayChange}
              onClick={() => void remove()}
              className="text-red-700"
            >
              {t('removeLogo')}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-muted">{t('logoHint')}</p>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        disabled={!mayChange}
        aria-label={t('chooseLogo')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void pick(file);
        }}
      />
    </div>
  );
}
