/**
 * The project's number input: it keeps what the user typed. Mantine's NumberInput otherwise rewrites
 * the value on its own (a minus sign dropped by allowNegative={false}, 0 raised to `min` on blur, a
 * decimal point dropped by allowDecimal={false}, extra decimals cut by decimalScale), so -100 became 100
 * without a word. Here the form's rules refuse such a value with a message beside the field instead.
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';

type Rewriting = 'allowNegative' | 'allowDecimal' | 'clampBehavior' | 'min' | 'max' | 'decimalScale' | 'fixedDecimalScale';

export function TypedNumberInput(props: Omit<NumberInputProps, Rewriting>) {
  return <NumberInput hideControls {...props} allowNegative allowDecimal clampBehavior="none" />;
}
