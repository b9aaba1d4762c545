// One figure of the shop at a glance (revenue, stock value, alerts), with a label and an optional hint.
// An amount goes in as a MoneyFigure (ui/MoneyFigure.tsx), which never breaks inside its digits.
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export type StatTone = 'brand' | 'accent' | 'danger' | 'neutral';

const tones: Record<StatTone, string> = {
  brand: 'bg-brand-50 text-brand-700',
  accent: 'bg-saffron-100 text-saffron-700',
  danger: 'bg-red-50 text-red-700',
  neutral: 'bg-stone-100 text-stone-700',
};

export interface StatCardProps {
  label: ReactNode;
  value: ReactNode;
  icon?: ReactNode;
  hint?: ReactNode;
  tone?: StatTone;
}

export function StatCard({ label, value, icon, hint, tone = 'brand' }: StatCardProps) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-card ring-1 ring-line/60">
      <div className="flex items-center gap-2">
        {icon ? (
          <span
            aria-hidden="true"
            className={clsx(
              'inline-flex size-9 shrink-0 items-center justify-center rounded-xl [&>svg]:size-5',
              tones[tone],
            )}
          >
            {icon}
          </span>
        ) : null}
        {/* Labels wrap rather than being cut ("مخزون منخ…" at 360 px). */}
        <p className="min-w-0 text-sm leading-tight font-medium text-muted">{label}</p>
      </div>
      {/* No break-words: it cut an amount anywhere ("42.487,36 M / AD"); an amount is a MoneyFigure. */}
      <p className="min-w-0 text-xl leading-tight font-bold text-ink tabular-nums">{value}</p>
      {hint ? <p className="text-sm leading-tight text-muted">{hint}</p> : null}
    </div>
  );
}
