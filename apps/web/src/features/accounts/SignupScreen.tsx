import { nameProblem, PERSON_NAME_LIMITS, SignupSchema } from '@dd/shared';
import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { post } from '../../api/client';
import { takeRedirect } from '../../api/session';
import { useAuth } from '../../auth';
import { Form, PasswordConfirmFields, TextField } from '../../ui';
import { AuthCard } from './AuthCard';

/** The firm is named after the person, so names are plain text (the server applies the same rule). */
const plainName = (label: string) => (value: string | undefined) =>
  nameProblem(value ?? '', label, PERSON_NAME_LIMITS, true) ?? undefined;

/**
 * /signup/: first and last name, e-mail, password with confirmation; then the saved redirect or /.
 * The new account is signed in at once; the dashboard asks it to confirm its e-mail address. The values
 * are checked with the route's SignupSchema; a chunk of its own (app/screens.tsx), so sign-in loads no zod.
 */
export function SignupScreen() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  return (
    <AuthCard title="Sign Up" subtitle="Open an account for your firm. No contracts, no start-up fees.">
      <Form
        aria-label="Sign up"
        schema={SignupSchema}
        submitLabel="Sign Up"
        onSubmit={async (values: Record<string, string>) => {
          const tokens = await post<{ access: string; refresh: string }>('/users/signup/', {
            first_name: values.first_name,
            last_name: values.last_name,
            email: (values.email ?? '').trim().toLowerCase(),
            password: values.password,
            type: 'User',
          });
          await signIn(tokens);
          navigate(takeRedirect() ?? '/', { replace: true });
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextField
            name="first_name"
            label="First Name"
            autoComplete="given-name"
            maxLength={PERSON_NAME_LIMITS.max}
            validate={plainName('First name')}
            required
          />
          <TextField
            name="last_name"
            label="Last Name"
            autoComplete="family-name"
            maxLength={PERSON_NAME_LIMITS.max}
            validate={plainName('Last name')}
            required
          />
        </SimpleGrid>
        <TextField name="email" label="Email" type="email" autoComplete="email" required />
        <PasswordConfirmFields name="password" confirmName="password_confirmation" required />
      </Form>
      <Text size="sm" c="dimmed" mt="lg">
        Already have an account?{' '}
        <Anchor component={Link} to="/login/">
          Log In
        </Anchor>
      </Text>
    </AuthCard>
  );
}
