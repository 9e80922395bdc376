import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { post } from '../../api/client';
import { takeRedirect } from '../../api/session';
import { useAuth } from '../../app/auth';
import { Form, PasswordConfirmFields, TextField } from '../../ui';
import { AuthCard } from './AuthCard';

/** /signup/: first and last name, e-mail, password with confirmation; then the saved redirect or /. */
export function SignupScreen() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  return (
    <AuthCard title="Sign Up" subtitle="Open an account for your firm. No contracts, no start-up fees.">
      <Form
        aria-label="Sign up"
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
          <TextField name="first_name" label="First Name" autoComplete="given-name" required />
          <TextField name="last_name" label="Last Name" autoComplete="family-name" required />
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
