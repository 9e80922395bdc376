/**
 * Password plus confirmation (spec section 5): blank is neutral, a mismatch reads
 * 'Passwords Do Not Match!' in red and blocks submit, a match reads 'Passwords Match!' in green. The
 * password rule shows under the field from the start and is checked before anything is sent.
 */
import { MSG, PASSWORD_RULE, passwordProblem } from '@dd/shared';
import { PasswordInput, Stack } from '@mantine/core';
import { useFormField } from './form-context';

export interface PasswordConfirmFieldsProps {
  /** Form value name of the password. @default 'password' */
  name?: string;
  /** Form value name of the confirmation; when omitted the confirmation is not sent. */
  confirmName?: string;
  label?: string;
  confirmLabel?: string;
  required?: boolean;
  description?: string;
}

export type PasswordMatchState = 'neutral' | 'mismatch' | 'match';

function passwordMatchState(password: string, confirmation: string): PasswordMatchState {
  if (!password || !confirmation) return 'neutral';
  return password === confirmation ? 'match' : 'mismatch';
}

export function PasswordConfirmFields({
  name = 'password',
  confirmName,
  label = 'Password',
  confirmLabel = 'Confirm Password',
  required,
  description = PASSWORD_RULE,
}: PasswordConfirmFieldsProps) {
  const confirmKey = confirmName ?? `${name}__confirmation`;
  const confirm = useFormField<string>(confirmKey, {
    label: confirmLabel,
    required,
    transient: !confirmName,
  });
  const confirmation = confirm.value ?? '';
  const password = useFormField<string>(name, {
    label,
    required,
    validate: (value) =>
      passwordProblem(String(value ?? '')) ??
      (passwordMatchState(String(value ?? ''), confirmation) === 'mismatch'
        ? MSG.passwordsDoNotMatch
        : undefined),
  });
  const state = passwordMatchState(password.value ?? '', confirmation);

  return (
    <Stack gap="sm">
      <PasswordInput
        id={password.id}
        name={name}
        label={label}
        description={description}
        required={required}
        autoComplete="new-password"
        value={password.value ?? ''}
        onChange={(event) => password.setValue(event.currentTarget.value)}
        error={password.error && password.error !== MSG.passwordsDoNotMatch ? password.error : undefined}
      />
      <PasswordInput
        id={confirm.id}
        name={confirmKey}
        label={confirmLabel}
        required={required}
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => confirm.setValue(event.currentTarget.value)}
        error={state === 'mismatch' ? MSG.passwordsDoNotMatch : confirm.error}
        success={state === 'match' ? MSG.passwordsMatch : undefined}
      />
    </Stack>
  );
}
