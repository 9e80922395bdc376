/** Single-line text, long text and password fields bound to the surrounding <Form> (numbers: number-field.tsx). */
import { PasswordInput, Textarea, TextInput } from '@mantine/core';
import type { HTMLInputAutoCompleteAttribute } from 'react';
import { type BaseFieldProps, fieldOptions, inputProps } from './field-props';
import { useFormField } from './form-context';

export interface TextFieldProps extends BaseFieldProps<string> {
  type?: 'text' | 'email' | 'tel' | 'url' | 'search';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'email' | 'tel' | 'url' | 'numeric' | 'decimal' | 'search';
  maxLength?: number;
  autoFocus?: boolean;
  /** Reformats the text as it is typed (for example grouping card digits). */
  formatInput?: (text: string) => string;
}

export function TextField(props: TextFieldProps) {
  const field = useFormField<string>(props.name, fieldOptions(props));
  return (
    <TextInput
      {...inputProps(props, field)}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      maxLength={props.maxLength}
      autoFocus={props.autoFocus}
      value={field.value ?? ''}
      onChange={(event) => {
        const text = event.currentTarget.value;
        field.setValue(props.formatInput ? props.formatInput(text) : text);
      }}
    />
  );
}

export interface TextAreaFieldProps extends BaseFieldProps<string> {
  /** Visible rows before it grows. @default 4 */
  minRows?: number;
  maxRows?: number;
}

export function TextAreaField(props: TextAreaFieldProps) {
  const field = useFormField<string>(props.name, fieldOptions(props));
  return (
    <Textarea
      {...inputProps(props, field)}
      autosize
      minRows={props.minRows ?? 4}
      maxRows={props.maxRows ?? 12}
      value={field.value ?? ''}
      onChange={(event) => field.setValue(event.currentTarget.value)}
    />
  );
}

export interface PasswordFieldProps extends BaseFieldProps<string> {
  autoComplete?: 'current-password' | 'new-password' | 'off';
}

export function PasswordField(props: PasswordFieldProps) {
  const field = useFormField<string>(props.name, fieldOptions(props));
  return (
    <PasswordInput
      {...inputProps(props, field)}
      autoComplete={props.autoComplete ?? 'current-password'}
      value={field.value ?? ''}
      onChange={(event) => field.setValue(event.currentTarget.value)}
    />
  );
}
