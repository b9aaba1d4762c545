// "Connecter au cloud": create or join a shop account, then the shop's phones, pairing, password and "À vérifier".
import { Cloud, KeyRound, LogOut, RefreshCw, Smartphone, UserPlus } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Tabs } from '../../ui/Tabs';
import { toast } from '../../ui/toastStore';
import { CloudError, cloudApi, type CloudDevice } from '../../sync/cloudApi';
import { syncEngine } from '../../sync/syncEngine';
import { RejectedOperations } from './RejectedOperations';
import { SyncStatusBadge } from '../../app/SyncStatusBadge';
import { useSyncStatus } from '../../app/useSyncStatus';

type Mode = 'signUp' | 'logIn' | 'pair';

/** Nine digits, spaces allowed (the owner's phone shows them as 123 456 789). */
const PAIRING_CODE_PATTERN = '[0-9 ]{9,16}';

const ERROR_CODES = [
  'invalid_credentials',
  'login_taken',
  'invalid_login',
  'invalid_pairing_code',
  'wrong_password',
  'too_many_requests',
] as const;

/** The translation key of a failed call's message. */
export function errorKey(error: unknown): `errors.${(typeof ERROR_CODES)[number] | 'network' | 'generic'}` {
  if (error instanceof CloudError) {
    if (error.status === 0) return 'errors.network';
    const known = ERROR_CODES.find((code) => code === error.code);
    if (known) return `errors.${known}`;
  }
  return 'errors.generic';
}

export function AccountScreen() {
  const { t } = useTranslation('account');
  const status = useSyncStatus();
  useEffect(() => {
    void syncEngine.start();
  }, []);
  const signedIn = status.phase !== 'signed-out' && status.phase !== 'session-expired';
  return (
    <div className="flex flex-col gap-4">
      {signedIn ? <ConnectedPanel /> : <ConnectForm />}
      <RejectedOperations />
      {status.cleanupRemoved !== undefined ? (
        <p role="status" className="text-sm text-muted">
          {t('migrated', { count: status.cleanupRemoved })}
        </p>
      ) : null}
    </div>
  );
}

function useBusy() {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(t(errorKey(failure)));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}

function ConnectForm() {
  const { t } = useTranslation('account');
  const [mode, setMode] = useState<Mode>('signUp');
  const [shopName, setShopName] = useState('');
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [deviceName, setDeviceName] = useState(() => t('defaultDeviceName'));
  const { busy, error, run } = useBusy();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      if (mode === 'signUp') await syncEngine.signUp({ shopName, login, password, deviceName });
      else if (mode === 'logIn') await syncEngine.logIn({ login, password, deviceName });
      else await syncEngine.pair(code, deviceName);
    });
  }

  const fields: Record<Mode, ReactNode> = {
    signUp: (
      <>
        <Input
          label={t('fields.shopName')}
          value={shopName}
          onChange={(e) => setShopName(e.target.value)}
          required
          maxLength={100}
        />
        <Input
          label={t('fields.login')}
          value={login}
          onChange={(e) => setLogin(e.target.value)}
          required
          autoComplete="username"
        />
        <Input
          label={t('fields.password')}
          hint={t('fields.passwordHint')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          minLength={8}
          autoComplete="new-password"
        />
      </>
    ),
    logIn: (
      <>
        <Input
          label={t('fields.login')}
          value={login}
          onChange={(e) => setLogin(e.target.value)}
          required
          autoComplete="username"
        />
        <Input
          label={t('fields.password')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          autoComplete="current-password"
        />
      </>
    ),
    pair: (
      <Input
        label={t('fields.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
        inputMode="numeric"
        pattern={PAIRING_CODE_PATTERN}
        autoComplete="one-time-code"
      />
    ),
  };

  return (
    <Card title={t('title')} icon={<Cloud />}>
      <p className="mb-3 text-sm text-muted">{t('intro')}</p>
      <Tabs
        label={t('title')}
        value={mode}
        onValueChange={setMode}
        items={[
          { value: 'signUp', label: t('tabs.signUp') },
          { value: 'logIn', label: t('tabs.logIn') },
          { value: 'pair', label: t('tabs.pair') },
        ]}
      />
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
        {fields[mode]}
        <Input
          label={t('fields.deviceName')}
          value={deviceName}
          onChange={(e) => setDeviceName(e.target.value)}
          required
          maxLength={80}
        />
        {error ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy} fullWidth>
          {t(`actions.${mode}`)}
        </Button>
      </form>
    </Card>
  );
}

function ConnectedPanel() {
  const { t } = useTranslation('account');
  const status = useSyncStatus();
  return (
    <>
      <Card
        title={t('connectedTo', { shop: status.shopName ?? '' })}
        icon={<Cloud />}
        action={<SyncStatusBadge />}
      >
        <p className="mb-3 text-sm text-muted">{status.role === 'owner' ? t('roleOwner') : t('roleStaff')}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            icon={<RefreshCw className="size-4" />}
            onClick={() => syncEngine.schedule()}
          >
            {t('actions.syncNow')}
          </Button>
          <Button
            variant="ghost"
            icon={<LogOut className="size-4" />}
            onClick={() => void syncEngine.logOut()}
          >
            {t('actions.logOut')}
          </Button>
        </div>
      </Card>
      {status.role === 'owner' ? (
        <>
          <DevicesCard />
          <PasswordCard />
        </>
      ) : null}
    </>
  );
}

async function withToken<T>(work: (token: string) => Promise<T>): Promise<T> {
  const token = await syncEngine.accessToken();
  if (!token) throw new CloudError(401, 'unauthorized', 'signed out');
  return work(token);
}

function DevicesCard() {
  const { t } = useTranslation('account');
  const [devices, setDevices] = useState<CloudDevice[]>([]);
  const [pairing, setPairing] = useState<{ code: string; qr: string } | undefined>();
  const { busy, error, run } = useBusy();

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

function PasswordCard() {
  const { t } = useTranslation('account');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { busy, error, run } = useBusy();
  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await withToken((token) => cloudApi.changePassword(token, current, next));
      setCurrent('');
      setNext('');
      toast({ title: t('passwordChanged'), tone: 'success' });
    });
  }
  return (
    <Card title={t('actions.changePassword')} icon={<KeyRound />}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <Input
          label={t('fields.currentPassword')}
          type="password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          required
          autoComplete="current-password"
        />
        <Input
          label={t('fields.newPassword')}
          hint={t('fields.passwordHint')}
          type="password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          required
          minLength={8}
          autoComplete="new-password"
        />
        {error ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {t('actions.changePassword')}
        </Button>
      </form>
    </Card>
  );
}
