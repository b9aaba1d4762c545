// A labelled slider (Radix) with its current value shown, for thresholds such as the AI settings.
import { Slider as RadixSlider } from 'radix-ui';
import { useId } from 'react';
import type { ReactNode } from 'react';

export interface SliderProps {
  label: ReactNode;
  value: number;
  onValueChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
  formatValue?: (value: number) => string;
  disabled?: boolean;
}

export function Slider({ label, value, onValueChange, min, max, step, formatValue, disabled }: SliderProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <span id={id} className="font-medium text-ink">
          {label}
        </span>
        <output htmlFor={`${id}-thumb`} className="font-semibold text-brand-700 tabular-nums">
          {formatValue ? formatValue(value) : value}
        </output>
      </div>
      <RadixSlider.Root
        value={[value]}
        onValueChange={([next]) => {
          if (next !== undefined) onValueChange(next);
        }}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        className="relative flex h-11 touch-none items-center select-none"
      >
        <RadixSlider.Track className="relative h-2 grow rounded-full bg-brand-100">
          <RadixSlider.Range className="absolute h-full rounded-full bg-brand-600" />
        </RadixSlider.Track>
        <RadixSlider.Thumb
          id={`${id}-thumb`}
          aria-labelledby={id}
          className="block size-7 rounded-full border-2 border-brand-600 bg-white shadow focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
        />
      </RadixSlider.Root>
    </div>
  );
}
