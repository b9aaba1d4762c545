// Renders the toasts of toastStore with Radix Toast: announced to screen readers, swipe to dismiss.
import { clsx } from 'clsx';
import { CircleExclamationPoint, CircleCheck, Info, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from './toastStore';
import type { ToastTone } from './toastStore';

const toneStyles: Record<ToastTone, string> = {
  info: 'border-brand-200 bg-white',
  success: 'border-emerald-200 bg-emerald-50',
  error: 'border-red-200 bg-red-50',
};

const toneIcons = {
  info: <Info className="size-5 text-brand-600" />,
  success: <CircleCheck className="size-5 text-emerald-700" />,
  error: <CircleExclamationPoint className="size-5 text-red-700" />,
};

export function Toaster() {
  const toasts = useToasts();
  const { t, i18n } = useTranslation();
  const swipeDirection = i18n.dir() === 'rtl' ? 'left' : 'right';
  return (
    <Toast.Provider swipeDirection={swipeDirection} duration={4000}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          type={item.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={clsx(
            'flex items-start gap-3 rounded-2xl border p-3 shadow-lg',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:opacity-0',
            toneStyles[item.tone],
          )}
        >
          <span aria-hidden="true" className="pt-0.5">
            {toneIcons[item.tone]}
          </span>
          <div className="min-w-0 flex-1">
            <Toast.Title className="font-semibold text-ink">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="text-sm text-muted">{item.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label={t('app.close')}
            className="-m-1 inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-black/5"
          >
            <X className="size-5" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label={t('app.notifications')}
        className="fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-[60] mx-auto flex max-w-md flex-col gap-2 p-3 outline-none"
      />
    </Toast.Provider>
  );
}
