/**
 * Checkbox, single select and multi select. Options are {text, value} as the spec describes them;
 * labels longer than 110 characters are cut to 107 plus '...'.
 */
import { truncateLabel } from '@dd/shared';
import { Checkbox, MultiSelect, Select } from '@mantine/core';
import { useMemo } from 'react';
import { type BaseFieldProps, fieldOptions, inputProps } from './field-props';
import { useFormField } from './form-context';

export type OptionValue = string | number;
export interface SelectOption<V extends OptionValue = OptionValue> {
  text: string;
  value: V;
  disabled?: boolean;
}

export interface CheckboxFieldProps extends Omit<BaseFieldProps<boolean>, 'placeholder'> {}

export function CheckboxField(props: CheckboxFieldProps) {
  const field = useFormField<boolean>(props.name, fieldOptions(props));
  const { placeholder: _unused, ...wrapper } = inputProps(props, field);
  return (
    <Checkbox
      {...wrapper}
      checked={field.value ?? false}
      onChange={(event) => field.setValue(event.currentTarget.checked)}
    />
  );
}

/** Mantine keeps option values as strings; this maps them back to the caller's values. */
function useOptionData<V extends OptionValue>(options: readonly SelectOption<V>[]) {
  return useMemo(() => {
    const byKey = new Map<string, V>();
    const data = options.map((option) => {
      byKey.set(String(option.value), option.value);
      return { value: String(option.value), label: truncateLabel(option.text), disabled: option.disabled };
    });
    return { data, byKey };
  }, [options]);
}

interface ChoiceProps<T> extends BaseFieldProps<T> {
  /** Type in the box to filter the options. @default true */
  searchable?: boolean;
  clearable?: boolean;
  nothingFoundMessage?: string;
}

export interface SelectFieldProps<V extends OptionValue = OptionValue> extends ChoiceProps<V | null> {
  options: readonly SelectOption<V>[];
}

export function SelectField<V extends OptionValue = OptionValue>(props: SelectFieldProps<V>) {
  const field = useFormField<V | null>(props.name, fieldOptions(props));
  const { data, byKey } = useOptionData(props.options);
  return (
    <Select
      {...inputProps(props, field)}
      data={data}
      searchable={props.searchable ?? true}
      clearable={props.clearable ?? !props.required}
      nothingFoundMessage={props.nothingFoundMessage ?? 'Nothing found'}
      value={field.value === undefined || field.value === null ? null : String(field.value)}
      onChange={(key) => field.setValue(key === null ? null : (byKey.get(key) ?? null))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export interface MultiSelectFieldProps<V extends OptionValue = OptionValue> extends ChoiceProps<V[]> {
  options: readonly SelectOption<V>[];
  maxValues?: number;
}

export function MultiSelectField<V extends OptionValue = OptionValue>(props: MultiSelectFieldProps<V>) {
  const field = useFormField<V[]>(props.name, fieldOptions(props));
  const { data, byKey } = useOptionData(props.options);
  return (
    <MultiSelect
      {...inputProps(props, field)}
      data={data}
      searchable={props.searchable ?? true}
      clearable={props.clearable}
      maxValues={props.maxValues}
      hidePickedOptions
      nothingFoundMessage={props.nothingFoundMessage ?? 'Nothing found'}
      value={(field.value ?? []).map(String)}
      onChange={(keys) =>
        field.setValue(keys.map((key) => byKey.get(key)).filter((v): v is V => v !== undefined))
      }
    />
  );
}
