// The amount of a notebook entry: large, to the centime, read left to right in Arabic too.
import { MONEY_INPUT_STEP } from '@hanouti/core';
import { NumberInput, type InputProps } from '../Input';

/** Amounts read left to right, in Arabic too. */
const LEFT_TO_RIGHT = 'ltr';

export function AmountInput(props: Omit<InputProps, 'type' | 'inputMode' | 'dir' | 'step' | 'className'>) {
  return (
    <NumberInput
      required
      step={MONEY_INPUT_STEP}
      dir={LEFT_TO_RIGHT}
      className="text-start text-lg font-semibold tabular-nums"
      {...props}
    />
  );
}
