// "Connecter au cloud": create or join a shop account, then the shop's phones, pairing, password and "À vérifier".
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../app/useSyncStatus';
import { syncEngine } from '../../sync/syncEngine';
import { ConnectedPanel } from './ConnectedPanel';
import { ConnectForm } from './ConnectForm';
import { RejectedOperations } from './RejectedOperations';

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
