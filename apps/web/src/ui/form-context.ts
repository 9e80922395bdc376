/**
 * The contract between <Form> and its fields: fields register their name, label, required flag and
 * an optional validator; they read and write their value, error and uploading flag through it.
 * Outside a <Form> a field keeps its own state, so the same components work as standalone filters.
 */
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';

export type FormValues = Record<string, unknown>;

export interface FieldMeta {
  label?: string;
  required?: boolean;
  /** Returns a message when the current value cannot be submitted (checked before `required`). */
  validate?: (value: unknown) => string | undefined;
  /** Overrides the default emptiness test used by `required`. */
  isEmpty?: (value: unknown) => boolean;
  /** Kept out of the values handed to onSubmit (for example a password confirmation). */
  transient?: boolean;
}

export interface FormContextValue {
  formId: string;
  values: FormValues;
  errors: Record<string, string | undefined>;
  saving: boolean;
  setValue: (name: string, value: unknown) => void;
  setError: (name: string, message: string | undefined) => void;
  setUploading: (name: string, uploading: boolean) => void;
  register: (name: string, meta: { current: FieldMeta }, defaultValue: unknown) => () => void;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue | null {
  return useContext(FormContext);
}

/** The value counts as not filled out: nothing, blank text, an empty list or an unticked box. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** DOM id given to a field's input, so the form can focus the first field that failed. */
export const fieldDomId = (formId: string, name: string) => `${formId}-${name.replace(/[^\w-]/g, '_')}`;

export interface UseFormFieldOptions<T> extends FieldMeta {
  /** Value used when the form has none for this name (or the standalone starting value). */
  defaultValue?: T;
  /** Controlled value when the field is used outside a <Form>. */
  value?: T;
  /** Called with every new value, inside or outside a <Form>. */
  onChange?: (value: T) => void;
  /** Error shown when used outside a <Form> (inside, errors come from the form). */
  error?: string;
}

export interface FormField<T> {
  id: string;
  value: T | undefined;
  setValue: (value: T) => void;
  error: string | undefined;
  setError: (message: string | undefined) => void;
  setUploading: (uploading: boolean) => void;
}

/** Registers a field with the surrounding <Form> (or keeps local state when there is none). */
export function useFormField<T>(name: string, options: UseFormFieldOptions<T> = {}): FormField<T> {
  const form = useFormContext();
  const localId = useId();
  const meta = useRef<FieldMeta>(options);
  meta.current = options;
  const onChange = useRef(options.onChange);
  onChange.current = options.onChange;

  const [localValue, setLocalValue] = useState<T | undefined>(options.defaultValue);
  const [localError, setLocalError] = useState<string | undefined>();

  const register = form?.register;
  const defaultValue = useRef(options.defaultValue);
  useEffect(() => register?.(name, meta, defaultValue.current), [register, name]);

  const formSetValue = form?.setValue;
  const setValue = useCallback(
    (next: T) => {
      if (formSetValue) formSetValue(name, next);
      else {
        setLocalValue(next);
        setLocalError(undefined);
      }
      onChange.current?.(next);
    },
    [formSetValue, name],
  );
  const formSetError = form?.setError;
  const setError = useCallback(
    (message: string | undefined) => {
      if (formSetError) formSetError(name, message);
      else setLocalError(message);
    },
    [formSetError, name],
  );
  const formSetUploading = form?.setUploading;
  const setUploading = useCallback(
    (uploading: boolean) => formSetUploading?.(name, uploading),
    [formSetUploading, name],
  );

  if (!form) {
    return {
      id: `field-${localId.replace(/:/g, '')}`,
      value: options.value !== undefined ? options.value : localValue,
      setValue,
      error: options.error ?? localError,
      setError,
      setUploading,
    };
  }
  const formValue = form.values[name] as T | undefined;
  return {
    id: fieldDomId(form.formId, name),
    value: formValue === undefined ? options.defaultValue : formValue,
    setValue,
    error: form.errors[name],
    setError,
    setUploading,
  };
}

/** Reads and writes one form value by name, for custom fields built outside the kit. */
export function useFormValue<T = unknown>(name: string): [T | undefined, (value: T) => void] {
  const form = useFormContext();
  const setValue = useCallback((value: T) => form?.setValue(name, value), [form, name]);
  return [form?.values[name] as T | undefined, setValue];
}
