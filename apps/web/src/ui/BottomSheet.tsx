// A sheet that slides up from the bottom: pickers and quick forms within one thumb's reach. Built on the Radix
// Dialog the app's dialogs use (focus trapped, Escape and a tap outside close it), on the modal layer of theme.css.
import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';

/** How far (px) the handle must be dragged down before the sheet closes on release. */
const DRAG_TO_CLOSE = 80;

export interface BottomSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

export function BottomSheet({ open, onOpenChange, title, description, children, footer }: BottomSheetProps) {
  const [drag, setDrag] = useState(0);
  const start = useRef<number | undefined>(undefined);

  // Dragging the handle or the title down closes the sheet, as a shopkeeper expects of a sheet.
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = event.clientY;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== undefined) setDrag(Math.max(0, event.clientY - start.current));
  };
  const onPointerUp = () => {
    const dragged = drag;
    start.current = undefined;
    setDrag(0);
    if (dragged > DRAG_TO_CLOSE) onOpenChange(false);
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-(--layer-modal) bg-ink/50" />
        <RadixDialog.Content
          className="fixed inset-x-0 bottom-0 z-(--layer-modal) mx-auto flex max-h-[90dvh] max-w-xl flex-col rounded-t-3xl bg-white pb-[env(safe-area-inset-bottom)] break-words shadow-xl focus:outline-none motion-safe:animate-sheet-up"
          style={drag > 0 ? { transform: `translateY(${drag}px)` } : undefined}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div
            className="shrink-0 touch-none"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            <div aria-hidden="true" className="mx-auto mt-3 h-1.5 w-12 rounded-full bg-line" />
            <RadixDialog.Title className="px-4 pt-3 pb-2 text-lg font-semibold text-ink">
              {title}
            </RadixDialog.Title>
          </div>
          {description ? (
            <RadixDialog.Description className="px-4 pb-2 text-muted">{description}</RadixDialog.Description>
          ) : null}
          <div className="overflow-y-auto px-4 pb-4">{children}</div>
          {footer ? <div className="flex gap-2 border-t border-line px-4 py-3">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
