// Segmented tabs (Radix) for filters such as Tout / Faible / Rupture; keyboard arrows follow the text direction.
import { clsx } from 'clsx';
import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';

export interface TabItem<Value extends string> {
  value: Value;
  label: ReactNode;
  content?: ReactNode;
}

export interface TabsProps<Value extends string> {
  label: string;
  items: readonly TabItem<Value>[];
  value: Value;
  onValueChange: (value: Value) => void;
}

export function Tabs<Value extends string>({ label, items, value, onValueChange }: TabsProps<Value>) {
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(next) => {
        const item = items.find((candidate) => candidate.value === next);
        if (item) onValueChange(item.value);
      }}
    >
      <RadixTabs.List aria-label={label} className="flex gap-1 rounded-xl bg-brand-50 p-1">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={clsx(
              'min-h-11 flex-1 truncate rounded-lg px-2 text-sm font-semibold text-brand-800 transition-colors',
              'data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm',
            )}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) =>
        item.content === undefined ? null : (
          <RadixTabs.Content key={item.value} value={item.value} className="pt-3 focus:outline-none">
            {item.content}
          </RadixTabs.Content>
        ),
      )}
    </RadixTabs.Root>
  );
}
