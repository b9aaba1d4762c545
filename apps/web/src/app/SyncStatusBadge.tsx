// The header's sync indicator: Hors ligne / Synchronisation… / N en attente / Synchronisé (nothing without an account).
import { Cloud, CloudOff, RefreshCw, CloudAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { clsx } from 'clsx';
import type { SyncStatus } from '../sync/syncEngine';
import { useSyncStatus } from './useSyncStatus';

/** What the badge says for a status; undefined when the phone has no cloud account. */
export function syncBadgeKey(status: SyncStatus) {
  switch (status.phase) {
    case 'signed-out':
      return undefined;
    case 'offline':
      return { key: 'status.offline', tone: 'muted' } as const;
    case 'syncing':
      return { key: 'status.syncing', tone: 'busy' } as const;
    case 'pending':
      return { key: 'status.pending', tone: 'warn' } as const;
    case 'synced':
      return { key: 'status.synced', tone: 'ok' } as const;
    case 'session-expired':
      return { key: 'status.sessionExpired', tone: 'warn' } as const;
  }
}

export function SyncStatusBadge({ className }: { className?: string }) {
  const { t } = useTranslation('account');
  const status = useSyncStatus();
  const label = syncBadgeKey(status);
  if (!label) return null;
  const Icon =
    label.tone === 'muted'
      ? CloudOff
      : label.tone === 'busy'
        ? RefreshCw
        : label.tone === 'warn'
          ? CloudAlert
          : Cloud;
  return (
    <span
      role="status"
      aria-live="polite"
      data-sync-phase={status.phase}
      className={clsx(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        label.tone === 'ok' && 'bg-emerald-100 text-emerald-800',
        label.tone === 'busy' && 'bg-white/20 text-white',
        label.tone === 'warn' && 'bg-saffron-100 text-saffron-700',
        label.tone === 'muted' && 'bg-stone-200 text-stone-700',
        className,
      )}
    >
      <Icon className={clsx('size-3.5', label.tone === 'busy' && 'animate-spin')} aria-hidden="true" />
      {label.key === 'status.pending' ? t('status.pending', { count: status.pending }) : t(label.key)}
    </span>
  );
}
