// The IA photo button: opens the recognition flow when this build has it, otherwise disabled with the reason.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

export function AiPhotoButton({
  onOpen,
  icon,
  reasonId,
  className,
}: {
  onOpen: (() => void) | undefined;
  icon: ReactNode;
  /** Id of the note that explains why the button is disabled (see AiPhotoUnavailableNote). */
  reasonId: string;
  className?: string;
}) {
  const { t } = useTranslation('sale');
  return (
    <Button
      variant="accent"
      icon={icon}
      className={className}
      onClick={onOpen}
      disabled={!onOpen}
      {...(onOpen ? {} : { 'aria-describedby': reasonId, title: t('aiPhotoUnavailable') })}
    >
      {t('aiPhoto')}
    </Button>
  );
}

export function AiPhotoUnavailableNote({ id }: { id: string }) {
  const { t } = useTranslation('sale');
  return (
    <p id={id} className="text-xs text-muted">
      {t('aiPhotoUnavailable')}
    </p>
  );
}
