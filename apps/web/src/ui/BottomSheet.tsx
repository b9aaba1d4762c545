// A sheet that slides up from the bottom (vaul): pickers and quick forms within one thumb's reach.
import type { ReactNode } from 'react';
import { Drawer } from 'vaul';

export interface BottomSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

export function BottomSheet({ open, onOpenChange, title, description, children, footer }: BottomSheetProps) {
  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange}>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <Drawer.Content
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[90dvh] max-w-xl flex-col rounded-t-3xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl focus:outline-none"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div aria-hidden="true" className="mx-auto mt-3 h-1.5 w-12 shrink-0 rounded-full bg-line" />
          <Drawer.Title className="px-4 pt-3 pb-2 text-lg font-semibold text-ink">{title}</Drawer.Title>
          {description ? (
            <Drawer.Description className="px-4 pb-2 text-muted">{description}</Drawer.Description>
          ) : null}
          <div className="overflow-y-auto px-4 pb-4">{children}</div>
          {footer ? <div className="flex gap-2 border-t border-line px-4 py-3">{footer}</div> : null}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
