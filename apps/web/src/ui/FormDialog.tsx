// A dialog holding one form: Annuler and the form's submit button in its footer, the fields in its body.
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog } from './Dialog';

export function FormDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  submitIcon,
  busy,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  submitLabel: ReactNode;
  submitIcon: ReactNode;
  /** The submit button waits while the form saves. */
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" form={formId} icon={submitIcon} disabled={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {/* The form's own checks say what is wrong, in the shop's words, instead of the browser's bubbles. */}
      <form id={formId} noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
        {children}
      </form>
    </Dialog>
  );
}
