// A centred modal dialog (Radix): focus trapped, closes on Escape, titled for screen readers. Its words wrap
// (`break-words`, inherited): a name of one long word in a title or a question stays inside the dialog.
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './IconButton';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function Dialog({ open, onOpenChange, title, description, footer, children, className }: DialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-(--layer-modal) bg-ink/50" />
        <RadixDialog.Content
          className={clsx(
            'fixed top-1/2 left-1/2 z-(--layer-modal) flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md',
            '-translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white break-words shadow-xl focus:outline-none',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start gap-2 border-b border-line px-4 py-3">
            <RadixDialog.Title className="min-w-0 flex-1 pt-2 text-lg font-semibold text-ink">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close asChild>
              <IconButton label={t('app.close')} icon={<X />} className="-me-2" />
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto px-4 py-4">
            {description ? (
              <RadixDialog.Description className="mb-3 text-muted">{description}</RadixDialog.Description>
            ) : null}
            {children}
          </div>
          {footer ? (
            <div className="flex justify-end gap-2 border-t border-line px-4 py-3">{footer}</div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
