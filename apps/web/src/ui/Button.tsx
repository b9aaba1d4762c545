// The app's button: one look per intent, always at least 44 px tall for a thumb.
import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  accent: 'bg-saffron-400 text-brand-900 shadow-sm hover:bg-saffron-300 active:bg-saffron-500',
  secondary: 'bg-white text-brand-800 ring-1 ring-inset ring-line hover:bg-brand-50 active:bg-brand-100',
  ghost: 'bg-transparent text-brand-800 hover:bg-brand-50 active:bg-brand-100',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800',
};

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4 text-base gap-2',
  lg: 'min-h-13 px-5 text-lg gap-2.5',
};

/**
 * A card's small action (stock and customer cards): its icon over its word, in a narrow column of a card's row.
 * The button may shrink below its word's width (`min-w-0`); the word wraps, or is cut with an ellipsis when the
 * caller's span says `truncate`, instead of pushing the row past the card's edge at 360 px.
 */
export const cardActionClasses =
  'inline-flex min-h-11 min-w-0 flex-col items-center justify-center gap-0.5 rounded-xl bg-white px-1 py-1 text-sm leading-tight font-semibold text-brand-800 ring-1 ring-inset ring-line hover:bg-brand-50 active:bg-brand-100 [&>svg]:size-4 [&>svg]:shrink-0';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  fullWidth?: boolean;
}

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  fullWidth = false,
) {
  return clsx(
    'inline-flex select-none items-center justify-center rounded-xl font-semibold transition-colors',
    'disabled:pointer-events-none disabled:opacity-50',
    variants[variant],
    sizes[size],
    fullWidth && 'w-full',
  );
}

export function Button({
  variant = 'primary',
  size = 'md',
  icon,
  fullWidth = false,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button type={type} className={clsx(buttonClasses(variant, size, fullWidth), className)} {...rest}>
      {icon ? (
        <span aria-hidden="true" className="shrink-0 [&>svg]:size-5">
          {icon}
        </span>
      ) : null}
      {children}
    </button>
  );
}
