/**
 * A number field bound to the surrounding <Form>. Apart from text-fields.tsx so the screens without
 * numbers (sign-in among them) do not load Mantine's NumberInput and its number formatting.
 */
import { NumberInput } from '@mantine/core';
import { type BaseFieldProps, fieldOptions, inputProps } from './field-props';
import { useFormField } from './form-context';

export interface NumberFieldProps extends BaseFieldProps<number | ''> {
  min?: number;
  max?: number;
  step?: number;
  /** Digits after the decimal point; money uses 2. */
  decimalScale?: number;
  prefix?: string;
  thousandSeparator?: boolean;
}

export function NumberField(props: NumberFieldProps) {
  const field = useFormField<number | ''>(props.name, fieldOptions(props));
  return (
    <NumberInput
      {...inputProps(props, field)}
      min={props.min}
      max={props.max}
      step={props.step}
      decimalScale={props.decimalScale}
      fixedDecimalScale={props.decimalScale !== undefined}
      prefix={props.prefix}
      thousandSeparator={props.thousandSeparator ? ',' : undefined}
      value={field.value ?? ''}
      onChange={(value) =>
        field.setValue(typeof value === 'number' ? value : value === '' ? '' : Number(value))
      }
    />
  );
}

/**
 * A number input whose value stays the digits typed ('0.30', '12345678901234.5678'): for amounts and exact
 * decimals, which a float would change (0.3, or digits lost past the 15th). The server reads the text.
 */
export function DecimalField(props: BaseFieldProps<string> & { unit?: string }) {
  const field = useFormField<string>(props.name, fieldOptions(props));
  return (
    <NumberInput
      {...inputProps(props, field)}
      // The unit ($) beside the digits, not in them: the value stays what was typed.
      leftSection={props.unit}
      value={field.value ?? ''}
      onValueChange={({ value }) => field.setValue(value)}
    />
  );
}
