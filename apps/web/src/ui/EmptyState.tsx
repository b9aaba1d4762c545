// What a list shows when it has nothing yet: an icon, a sentence and the next useful action.
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span
        aria-hidden="true"
        className="inline-flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600 [&>svg]:size-8"
      >
        {icon}
      </span>
      <p className="text-lg font-semibold text-ink">{title}</p>
      {description ? <p className="max-w-xs text-muted">{description}</p> : null}
      {action}
    </div>
  );
}
