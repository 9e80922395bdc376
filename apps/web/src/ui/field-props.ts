/** Props every kit field accepts, and the mapping onto Mantine's input wrapper props. */
import type { ReactNode } from 'react';
import type { FormField } from './form-context';

export interface BaseFieldProps<T> {
  /** Key of the value in the form's values (and the field name sent to the server). */
  name: string;
  label?: string;
  required?: boolean;
  description?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  /** Starting value when the form has none for this name. */
  defaultValue?: T;
  /** Controlled value, for use outside a <Form>. */
  value?: T;
  onChange?: (value: T) => void;
  /** Extra check run on submit; return a message to block it. */
  validate?: (value: T | undefined) => string | undefined;
  /** Error shown when used outside a <Form>. */
  error?: string;
}

/** Options for useFormField taken from a field's props. */
export function fieldOptions<T>(props: BaseFieldProps<T>) {
  return {
    label: props.label,
    required: props.required,
    defaultValue: props.defaultValue,
    value: props.value,
    onChange: props.onChange,
    error: props.error,
    validate: props.validate as ((value: unknown) => string | undefined) | undefined,
  };
}

/** The wrapper props shared by every Mantine input: id, label, description, error, required. */
export function inputProps<T>(props: BaseFieldProps<T>, field: FormField<T>) {
  return {
    id: field.id,
    name: props.name,
    label: props.label,
    description: props.description,
    placeholder: props.placeholder,
    required: props.required,
    disabled: props.disabled,
    error: field.error,
  };
}
