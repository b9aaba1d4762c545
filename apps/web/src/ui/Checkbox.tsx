// A checkbox (Radix) with a 44 px hit area, for selection modes and options.
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { useId } from 'react';
import type { ReactNode } from 'react';

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Hide the label visually (it is still read by screen readers), e.g. on a product card. */
  hideLabel?: boolean;
}

export function Checkbox({ label, checked, onCheckedChange, disabled, hideLabel = false }: CheckboxProps) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-3">
      <RadixCheckbox.Root
        id={id}
        checked={checked}
        onCheckedChange={(state) => onCheckedChange(state === true)}
        disabled={disabled}
        className="relative inline-flex size-6 shrink-0 items-center justify-center rounded-md border-2 border-brand-600 bg-white after:absolute after:-inset-2.5 after:content-[''] data-[state=checked]:bg-brand-600 disabled:opacity-50"
      >
        <RadixCheckbox.Indicator>
          <Check className="size-4 text-white" strokeWidth={3} aria-hidden="true" />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id} className={clsx('text-ink', hideLabel && 'sr-only')}>
        {label}
      </label>
    </div>
  );
}
