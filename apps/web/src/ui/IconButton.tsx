// A square 44 px button that shows only an icon; its label is read by screen readers and shown as a tooltip.
import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label: string;
  icon: ReactNode;
  tone?: 'default' | 'onBrand' | 'danger';
}

const tones = {
  default: 'text-brand-800 hover:bg-brand-50 active:bg-brand-100',
  onBrand: 'text-white hover:bg-white/10 active:bg-white/20',
  danger: 'text-red-700 hover:bg-red-50 active:bg-red-100',
};

export function IconButton({
  label,
  icon,
  tone = 'default',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={clsx(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition-colors',
        'disabled:pointer-events-none disabled:opacity-50 [&>svg]:size-6',
        tones[tone],
        className,
      )}
      {...rest}
    >
      {icon}
    </button>
  );
}
