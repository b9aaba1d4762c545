// Renders the toast of toastStore with Radix Toast (announced, swipe to dismiss), one at a time, on the toast
// layer, placed in the lowest band of the screen where it covers no button, field or tab (toastPlacement.ts).
import { clsx } from 'clsx';
import { CircleExclamationPoint, CircleCheck, Info, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionBands, toastTop, topLayer } from './toastPlacement';
import { dismissToast, toastDuration, useToasts } from './toastStore';
import type { ToastTone } from './toastStore';

/** The toasts' region, as the end-to-end tests find it. */
const TOASTS_TEST_ID = 'toasts';

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

/**
 * Keeps the viewport's top where the toast covers no action, again whenever the screen under it changes.
 *
 * The first placement is measured at once, before the browser paints (a layout effect), so that a toast is never
 * drawn hidden while it waits for a frame. Later changes are gathered into the next animation frame; a change
 * while a frame is already asked for joins it instead of asking again, so that a screen which changes all the
 * time (a busy page, a list loading) still gets its toast placed at the next frame — cancelling and asking again
 * at each change could put the placement off for as long as the changes go on.
 */
function usePlacement(active: boolean) {
  const ref = useRef<HTMLOListElement>(null);
  const [top, setTop] = useState<number>();
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const place = () => {
      const viewport = ref.current;
      if (!viewport) return;
      const height = viewport.getBoundingClientRect().height;
      const screen = window.innerHeight;
      setTop(toastTop(screen, height, actionBands(topLayer(document), viewport, screen)));
    };
    const placeSoon = () => {
      if (frame !== 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        place();
      });
    };
    place();
    const observer = new MutationObserver((records) => {
      // The toast's own changes (its placement among them) say nothing about what lies under it.
      if (records.some((record) => !ref.current?.contains(record.target))) placeSoon();
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    const resize = new ResizeObserver(placeSoon);
    if (ref.current) resize.observe(ref.current);
    window.addEventListener('resize', placeSoon);
    document.addEventListener('scroll', placeSoon, true);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      resize.disconnect();
      window.removeEventListener('resize', placeSoon);
      document.removeEventListener('scroll', placeSoon, true);
    };
  }, [active]);
  return { ref, top };
}

export function Toaster() {
  const toasts = useToasts();
  const { t, i18n } = useTranslation();
  const swipeDirection = i18n.dir() === 'rtl' ? 'left' : 'right';
  const { ref, top } = usePlacement(toasts.length > 0);
  return (
    <Toast.Provider swipeDirection={swipeDirection}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          type={item.tone === 'error' ? 'foreground' : 'background'}
          duration={toastDuration(item.tone)}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={clsx(
            // A dialog makes the rest of the page inert to the pointer; the toast stays tappable.
            'pointer-events-auto flex items-center gap-2 rounded-2xl border py-1 ps-3 pe-1 shadow-lg',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:opacity-0',
            toneStyles[item.tone],
          )}
        >
          <span aria-hidden="true">{toneIcons[item.tone]}</span>
          <div className="min-w-0 flex-1 py-1.5">
            <Toast.Title className="font-semibold text-ink">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="text-sm text-muted">{item.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label={t('app.close')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-black/5"
          >
            <X className="size-5" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={ref}
        label={t('app.notifications')}
        data-testid={TOASTS_TEST_ID}
        style={top === undefined ? { bottom: 'calc(4.5rem + env(safe-area-inset-bottom))' } : { top }}
        className={clsx(
          'fixed inset-x-3 z-(--layer-toast) mx-auto flex max-w-md flex-col outline-none',
          top === undefined && toasts.length > 0 && 'invisible',
        )}
      />
    </Toast.Provider>
  );
}
