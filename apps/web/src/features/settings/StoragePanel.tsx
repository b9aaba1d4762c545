// How much room the shop's data takes on the phone, and whether the browser promises to keep it.
import { HardDrive, ShieldCheck, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorageState, requestPersistentStorage } from '../../data/dataCareService';
import type { StorageState } from '../../data/dataCareService';
import { currentLanguage, localeOf } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toastStore';

/** Bytes as the shopkeeper reads them (Mo, Go) in the app's language. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

export function StoragePanel() {
  const { t } = useTranslation('settings');
  const [state, setState] = useState<StorageState>();
  const [asking, setAsking] = useState(false);
  const locale = localeOf(currentLanguage());

  useEffect(() => {
    let current = true;
    void readStorageState().then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, []);

  async function persist() {
    setAsking(true);
    const granted = await requestPersistentStorage();
    setAsking(false);
    if (!granted) toast({ title: t('storagePersistRefused'), tone: 'info' });
    setState(await readStorageState());
  }

  if (!state) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="storage-state">
      <p className="flex items-center gap-2 text-ink">
        <HardDrive className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
        {state.usage !== undefined && state.quota !== undefined
          ? t('storageUse', {
              used: formatBytes(state.usage, locale),
              quota: formatBytes(state.quota, locale),
            })
          : t('storageUnknown')}
      </p>
      {state.persisted ? (
        <p className="flex items-center gap-2 text-emerald-800">
          <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
          {t('storagePersistent')}
        </p>
      ) : (
        <>
          <p className="flex items-start gap-2 rounded-xl bg-saffron-50 px-3 py-2 text-saffron-700">
            <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            {t('storageNotPersistent')}
          </p>
          {state.supported ? (
            <Button variant="secondary" disabled={asking} onClick={() => void persist()}>
              {t('storagePersist')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
