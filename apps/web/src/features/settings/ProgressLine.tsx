// A long operation's progress: what it is doing, and how far it got when that can be counted.
export function ProgressLine({ label, ratio }: { label: string; ratio?: number }) {
  return (
    <div role="status" className="flex flex-col gap-1" data-testid="operation-progress">
      <p className="text-sm text-ink">{label}</p>
      {/* Without a ratio the bar is indeterminate: the browser animates it. */}
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-brand-600"
        aria-label={label}
        {...(ratio === undefined ? {} : { value: Math.min(Math.max(ratio, 0), 1), max: 1 })}
      />
    </div>
  );
}

/** "45 %" in the shop's language. */
export function percentOf(ratio: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    Math.min(Math.max(ratio, 0), 1),
  );
}
