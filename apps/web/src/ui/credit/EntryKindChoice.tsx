// The kind of a notebook entry (credit, payment, advance; delivery, payment) as big radio buttons with their icon.
import { clsx } from 'clsx';
import { RadioGroup } from 'radix-ui';
import type { ReactNode } from 'react';

export function EntryKindChoice<Kind extends string>({
  label,
  kinds,
  value,
  onValueChange,
}: {
  label: string;
  kinds: readonly { value: Kind; label: string; icon: ReactNode }[];
  value: Kind;
  onValueChange: (kind: Kind) => void;
}) {
  // Three kinds stack the icon over its word to fit 360 px; two sit side by side.
  const stacked = kinds.length > 2;
  return (
    <RadioGroup.Root
      aria-label={label}
      value={value}
      onValueChange={(next) => {
        const kind = kinds.find((candidate) => candidate.value === next);
        if (kind) onValueChange(kind.value);
      }}
      className={clsx('grid gap-2', stacked ? 'grid-cols-3' : 'grid-cols-2')}
    >
      {kinds.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className={clsx(
            'flex items-center justify-center rounded-xl font-semibold ring-1 ring-inset ring-line',
            stacked ? 'min-h-14 flex-col gap-0.5 px-1 py-1 text-sm' : 'min-h-12 gap-1.5 px-2',
            'text-brand-800 data-[state=checked]:bg-brand-700 data-[state=checked]:text-white data-[state=checked]:ring-brand-700',
            '[&>svg]:size-5',
          )}
        >
          {option.icon}
          {option.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
