// Labelled form fields: text, decimal numbers and native selects (native pickers suit phones best).
import { clsx } from 'clsx';
import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

const fieldClasses =
  'block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base text-ink placeholder:text-muted/70 ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-canvas aria-invalid:border-red-500';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

function FieldFrame({ id, label, hint, error, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, { hint, error }: FieldProps) {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export type InputProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function Input({ label, hint, error, className, ...rest }: InputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, hint, error })}
        className={clsx(fieldClasses, className)}
        {...rest}
      />
    </FieldFrame>
  );
}

/** Decimal input that brings up the numeric keypad and accepts both "," and "." typed by the shopkeeper. */
export function NumberInput(props: Omit<InputProps, 'type' | 'inputMode'>) {
  return <Input type="text" inputMode="decimal" autoComplete="off" {...props} />;
}

export type SelectProps = FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>;

export function Select({ label, hint, error, className, children, ...rest }: SelectProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, hint, error })}
        className={clsx(fieldClasses, 'appearance-auto pe-8', className)}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
