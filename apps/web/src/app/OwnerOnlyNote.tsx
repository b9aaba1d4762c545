// The line shown next to an action a staff phone may not do, so that a greyed-out button is never left unexplained.
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function OwnerOnlyNote({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="flex items-center gap-2 text-sm text-muted">
      <Lock className="size-4 shrink-0" aria-hidden="true" />
      {t('app.ownerOnly')}
    </p>
  );
}
