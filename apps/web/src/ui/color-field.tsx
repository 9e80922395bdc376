/** Colour picker field (hex value) over Mantine's ColorInput. */
import { ColorInput } from '@mantine/core';
import { type BaseFieldProps, fieldOptions, inputProps } from './field-props';
import { useFormField } from './form-context';

export interface ColorFieldProps extends BaseFieldProps<string> {
  /** Colours offered as one-click swatches. */
  swatches?: string[];
  format?: 'hex' | 'rgb' | 'rgba' | 'hsl' | 'hsla';
}

export function ColorField(props: ColorFieldProps) {
  const field = useFormField<string>(props.name, fieldOptions(props));
  return (
    <ColorInput
      {...inputProps(props, field)}
      format={props.format ?? 'hex'}
      swatches={props.swatches}
      swatchesPerRow={8}
      withEyeDropper={false}
      value={field.value ?? ''}
      onChange={(value) => field.setValue(value)}
    />
  );
}
