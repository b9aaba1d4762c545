// Owner only: the shop's phones, adding one (pairing code and QR) and retiring one.
import { Smartphone, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cloudApi, type CloudDevice } from '../../sync/cloudApi';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { useCloudCall, withToken } from './cloudCall';

export function DevicesCard() {
  const { t } = useTranslation('account');
  const [devices, setDevices] = useState<CloudDevice[]>([]);
  const [pairing, setPairing] = useState<{ code: string; qr: string } | undefined>();
  const { busy, error, run } = useCloudCall();

  useEffect(() => {
    void run(async () => setDevices((await withToken(cloudApi.devices)).devices));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once when the card opens
  }, []);

  const addPhone = () =>
    run(async () => {
      const { code } = await withToken(cloudApi.createPairing);
      // qrcode is fetched only when a phone is added (it is not needed anywhere else).
      const { default: QRCode } = await import('qrcode');
      const qr = await QRCode.toDataURL(`hanouti-pair:${code}`, { margin: 1, width: 220 });
      setPairing({ code, qr });
    });

  const revoke = (id: string) =>
    run(async () => {
      await withToken((token) => cloudApi.revokeDevice(token, id));
      setDevices((await withToken(cloudApi.devices)).devices);
    });

  return (
    <Card title={t('devices')} icon={<Smartphone />}>
      <ul className="mb-3 flex flex-col gap-2">
        {devices.map((device) => (
          <li key={device.id} className="flex min-h-11 items-center gap-2">
            <span className="flex-1 text-ink">
              {device.name}
              <span className="text-sm text-muted">
                {' · '}
                {device.role === 'owner' ? t('roleOwner') : t('roleStaff')}
                {device.current ? ` · ${t('thisDevice')}` : ''}
                {device.revoked ? ` · ${t('revoked')}` : ''}
              </span>
            </span>
            {!device.current && !device.revoked ? (
              <Button variant="secondary" disabled={busy} onClick={() => void revoke(device.id)}>
                {t('actions.revoke')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {pairing ? (
        <div className="flex flex-col items-center gap-2 text-center">
          <img src={pairing.qr} alt={t('pairingQr')} width={220} height={220} />
          <p className="font-mono text-3xl font-bold tracking-widest" data-testid="pairing-code">
            {pairing.code.replace(/(\d{3})(?=\d)/g, '$1 ')}
          </p>
          <p className="text-sm text-muted">{t('pairingHelp')}</p>
        </div>
      ) : (
        <Button icon={<UserPlus className="size-4" />} disabled={busy} onClick={() => void addPhone()}>
          {t('actions.addPhone')}
        </Button>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
