// A phone number field: the phone keypad, read left to right in Arabic too.
import { Input, type InputProps } from './Input';

/** Phone numbers read left to right, in Arabic too. */
const LEFT_TO_RIGHT = 'ltr';

export function PhoneInput({ className, ...props }: Omit<InputProps, 'type' | 'inputMode' | 'dir'>) {
  return (
    <Input
      type="tel"
      dir={LEFT_TO_RIGHT}
      inputMode="tel"
      maxLength={32}
      className={className ? `text-start ${className}` : 'text-start'}
      {...props}
    />
  );
}
