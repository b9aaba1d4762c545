// Signed in: the shop and this phone's role, sync now, log out; the owner also manages phones and the password.
import { Cloud, LogOut, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SyncStatusBadge } from '../../app/SyncStatusBadge';
import { useSyncStatus } from '../../app/useSyncStatus';
import { syncEngine } from '../../sync/syncEngine';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DevicesCard } from './DevicesCard';
import { PasswordCard } from './PasswordCard';

export function ConnectedPanel() {
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
