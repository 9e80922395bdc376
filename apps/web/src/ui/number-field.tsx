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
