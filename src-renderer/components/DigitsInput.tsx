import type { ComponentProps } from 'react';

/**
 * A field for a cashier id or a PIN: up to 8 digits, the numeric keypad on a touch screen, and
 * anything but a digit dropped as it is typed. `onDigits` gets the digits.
 */
export function DigitsInput({
  onDigits,
  ...input
}: Omit<ComponentProps<'input'>, 'onChange' | 'inputMode' | 'maxLength'> & {
  value: string;
  onDigits: (digits: string) => void;
}) {
  return (
    <input
      {...input}
      inputMode="numeric"
      maxLength={8}
      onChange={(event) => onDigits(event.target.value.replace(/\D/g, ''))}
    />
  );
}
