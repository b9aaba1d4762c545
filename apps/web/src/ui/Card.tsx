// A white card with a soft shadow, optionally titled, the building block of every screen.
import { clsx } from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

export function Card({ title, icon, action, className, children, ...rest }: CardProps) {
  return (
    <section
      className={clsx('rounded-2xl bg-white p-4 shadow-card ring-1 ring-line/60', className)}
      {...rest}
    >
      {title ? (
        <header className="mb-3 flex items-center gap-2">
          {icon ? (
            <span aria-hidden="true" className="text-brand-600 [&>svg]:size-5">
              {icon}
            </span>
          ) : null}
          <h2 className="flex-1 text-lg font-semibold text-ink">{title}</h2>
          {action}
        </header>
      ) : null}
      {children}
    </section>
  );
}
