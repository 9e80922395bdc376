/**
 * <Form>: the kit's form state machine (spec "Form state"). Idle -> saving (button disabled, text
 * unchanged) -> idle; 'Waiting for File Upload...' while a field uploads; required fields block submit;
 * server errors show above the button and under the named fields; Enter submits unless turned off.
 * With `schema` (a Zod schema from packages/shared, the one the server validates with) the rules and
 * their messages come from there, under the same field names the server's `fields` use.
 */
import { fieldErrorsOf, MSG, requiredFieldMessage } from '@dd/shared';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react';
import { useInRouterContext, useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  type FieldMeta,
  FormContext,
  type FormContextValue,
  type FormValues,
  fieldDomId,
  isEmptyValue,
} from './form-context';

/** A field posted with a name ending in [] is sent as a JSON string (spec section 3). */
export function serializeFormValues(values: FormValues): FormValues {
  const out: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = key.endsWith('[]') && typeof value !== 'string' ? JSON.stringify(value ?? []) : value;
  }
  return out;
}

/** Fills {placeholders} in an address from the submit result, e.g. '/request/{id}/'. */
export function fillPlaceholders(template: string, data: unknown): string {
  const source = (data ?? {}) as Record<string, unknown>;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    source[key] === undefined || source[key] === null ? whole : encodeURIComponent(String(source[key])),
  );
}

interface ErrorShape {
  message?: unknown;
  error?: unknown;
  fields?: unknown;
}

function readFailure(failure: unknown): { message: string; fields: Record<string, string> } {
  const shape = (failure ?? {}) as ErrorShape;
  const message = typeof shape.error === 'string' ? shape.error : shape.message;
  const fields =
    shape.fields && typeof shape.fields === 'object' ? (shape.fields as Record<string, string>) : {};
  return { message: typeof message === 'string' && message ? message : MSG.badRequest, fields };
}

function hasErrorField(result: unknown): boolean {
  return (
    typeof result === 'object' &&
    result !== null &&
    typeof (result as ErrorShape).error === 'string' &&
    (result as ErrorShape).error !== ''
  );
}

/** Renders nothing; hands the router's navigate function up when the form sits inside a router. */
function RouterNavigateBridge({ target }: { target: { current: ((to: string) => void) | null } }) {
  const navigate = useNavigate();
  target.current = (to) => navigate(to);
  return null;
}

export interface FormProps<V = FormValues, R = unknown> {
  onSubmit: (values: V) => Promise<R> | R;
  /**
   * The shared schema the values must pass before submit. Its message for a field shows under that
   * field (before the field's own `required` check); a problem with a value no field shows blocks the
   * submit with the message above the button. A field's `validate` still runs first, for what the schema
   * cannot see (an upload in progress, a confirmation).
   */
  schema?: z.ZodType;
  children: ReactNode;
  submitLabel?: ReactNode;
  initialValues?: Partial<V>;
  /** Clear the fields after a successful submit. @default false */
  resetOnSuccess?: boolean;
  /** Pressing Enter in a single-line input submits. @default true */
  submitOnEnter?: boolean;
  /** Address to go to after success; {placeholders} are filled from the result. */
  redirectTo?: string;
  onSuccess?: (result: R) => void;
  /** Navigation used for redirectTo; defaults to the router (when inside one) or a full page load. */
  navigate?: (to: string) => void;
  /** JSON-encode every value whose name ends in [] before calling onSubmit. */
  serializeArrays?: boolean;
  /** Extra buttons shown beside the submit button (for example Cancel). */
  actions?: ReactNode;
  /** Hides the built-in submit button (for forms submitted by another control). */
  hideSubmit?: boolean;
  'aria-label'?: string;
}

export function Form<V = FormValues, R = unknown>(props: FormProps<V, R>) {
  const { submitOnEnter = true, resetOnSuccess = false, submitLabel = 'Submit' } = props;
  const formId = `form-${useId().replace(/[^\w-]/g, '')}`;
  const [values, setValues] = useState<FormValues>(() => ({ ...(props.initialValues ?? {}) }));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploadingNames] = useState<ReadonlySet<string>>(new Set());

  const valuesRef = useRef(values);
  valuesRef.current = values;
  const fields = useRef(new Map<string, { current: FieldMeta }>());
  const routerNavigate = useRef<((to: string) => void) | null>(null);
  const inRouter = useInRouterContext();

  const setValue = useCallback((name: string, value: unknown) => {
    valuesRef.current = { ...valuesRef.current, [name]: value };
    setValues(valuesRef.current);
    setErrors((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));
  }, []);
  const setError = useCallback((name: string, message: string | undefined) => {
    setErrors((prev) => (prev[name] === message ? prev : { ...prev, [name]: message }));
  }, []);
  const setUploading = useCallback((name: string, on: boolean) => {
    setUploadingNames((prev) => {
      if (prev.has(name) === on) return prev;
      const next = new Set(prev);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);
  const register = useCallback((name: string, meta: { current: FieldMeta }, defaultValue: unknown) => {
    fields.current.set(name, meta);
    if (defaultValue !== undefined && valuesRef.current[name] === undefined) {
      valuesRef.current = { ...valuesRef.current, [name]: defaultValue };
      setValues(valuesRef.current);
    }
    return () => {
      if (fields.current.get(name) === meta) fields.current.delete(name);
    };
  }, []);

  /** Runs every field's checks and the schema; returns the names that failed, in field order. */
  const validateAll = (): { failed: string[]; unplaced: string[] } => {
    const found: Record<string, string | undefined> = {};
    const failed: string[] = [];
    const ruled = props.schema ? fieldErrorsOf(props.schema, valuesRef.current) : {};
    for (const [name, meta] of fields.current) {
      const { label, required, validate, isEmpty = isEmptyValue } = meta.current;
      const value = valuesRef.current[name];
      const message =
        validate?.(value) ??
        ruled[name] ??
        (required && isEmpty(value) ? requiredFieldMessage(label || name) : undefined);
      found[name] = message;
      if (message) failed.push(name);
    }
    setErrors(found);
    const unplaced = Object.entries(ruled)
      .filter(([name]) => !fields.current.has(name))
      .map(([, message]) => message);
    return { failed, unplaced };
  };

  const go = (to: string) => {
    if (props.navigate) props.navigate(to);
    else if (routerNavigate.current) routerNavigate.current(to);
    else window.location.assign(to);
  };

  /** Message above the button; field messages under their fields (or in the alert for unknown names). */
  const showFailure = (failure: unknown) => {
    const { message, fields: fieldErrors } = readFailure(failure);
    const unplaced = Object.entries(fieldErrors)
      .filter(([name]) => !fields.current.has(name))
      .map(([, text]) => text);
    // A message that only repeats an error shown under its field ('password: …') is not repeated above.
    const repeats = Object.entries(fieldErrors).some(
      ([name, text]) => fields.current.has(name) && (message === text || message === `${name}: ${text}`),
    );
    setFormError([...(repeats ? [] : [message]), ...unplaced].join('\n') || null);
    setErrors((prev) => ({ ...prev, ...fieldErrors }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (saving || uploading.size > 0) return;
    setFormError(null);
    const { failed, unplaced } = validateAll();
    if (failed.length > 0) {
      document.getElementById(fieldDomId(formId, failed[0]))?.focus();
      return;
    }
    if (unplaced.length > 0) {
      setFormError(unplaced.join('\n'));
      return;
    }
    setSaving(true);
    try {
      const kept = { ...valuesRef.current };
      for (const [name, meta] of fields.current) if (meta.current.transient) delete kept[name];
      const payload = props.serializeArrays ? serializeFormValues(kept) : kept;
      const result = await props.onSubmit(payload as V);
      if (hasErrorField(result)) {
        showFailure(result);
        return;
      }
      if (resetOnSuccess) {
        valuesRef.current = { ...(props.initialValues ?? {}) };
        setValues(valuesRef.current);
        setErrors({});
      }
      props.onSuccess?.(result);
      if (props.redirectTo) go(fillPlaceholders(props.redirectTo, result));
    } catch (failure) {
      showFailure(failure);
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (submitOnEnter || event.key !== 'Enter') return;
    if (event.target instanceof HTMLInputElement) event.preventDefault();
  };

  const context: FormContextValue = {
    formId,
    values,
    errors,
    saving,
    setValue,
    setError,
    setUploading,
    register,
  };
  const isUploading = uploading.size > 0;

  return (
    <FormContext.Provider value={context}>
      {inRouter && !props.navigate && <RouterNavigateBridge target={routerNavigate} />}
      <form id={formId} noValidate onSubmit={submit} onKeyDown={onKeyDown} aria-label={props['aria-label']}>
        <Stack gap="md">
          {props.children}
          {formError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              style={{ whiteSpace: 'pre-line' }}
            >
              {formError}
            </Alert>
          )}
          {!props.hideSubmit && (
            <Group justify="flex-end" gap="sm">
              {props.actions}
              <Button type="submit" disabled={saving || isUploading} aria-busy={saving || undefined}>
                {isUploading ? MSG.waitingForUpload : submitLabel}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </FormContext.Provider>
  );
}
