// An on/off switch (Radix) with its label on the same 44 px row.
import { Switch as RadixSwitch } from 'radix-ui';
import { useId } from 'react';
import type { ReactNode } from 'react';

export interface SwitchProps {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function Switch({ label, hint, checked, onCheckedChange, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-3">
      <label htmlFor={id} className="flex-1">
        <span className="block font-medium text-ink">{label}</span>
        {hint ? <span className="block text-sm text-muted">{hint}</span> : null}
      </label>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-stone-300 transition-colors data-[state=checked]:bg-brand-600 disabled:opacity-50"
      >
        <RadixSwitch.Thumb className="ms-0.5 block size-6 rounded-full bg-white shadow transition-[margin] data-[state=checked]:ms-5.5" />
      </RadixSwitch.Root>
    </div>
  );
}
