// A dialog holding one form: Annuler and the form's submit button in its footer, the fields in its body.
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from './Button';
import { Dialog } from './Dialog';

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  submitIcon,
  submitVariant,
  busy,
  keepOpenWhileBusy = false,
  onSubmit,
  children,
  aside,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  submitLabel: ReactNode;
  submitIcon?: ReactNode;
  submitVariant?: ButtonVariant;
  /** The submit button waits while the form saves. */
  busy: boolean;
  /** While the form saves, Annuler waits too and the dialog does not close (a write that must not be left half-seen). */
  keepOpenWhileBusy?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  /** Shown in the dialog but outside the form, e.g. a confirmation the form asks for. */
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const held = keepOpenWhileBusy && busy;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || !held) onOpenChange(next);
      }}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={held}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" form={formId} icon={submitIcon} disabled={busy} variant={submitVariant}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {/* The form's own checks say what is wrong, in the shop's words, instead of the browser's bubbles. */}
      <form id={formId} noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
        {children}
      </form>
      {aside}
    </Dialog>
  );
}
