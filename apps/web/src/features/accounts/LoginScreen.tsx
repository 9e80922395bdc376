import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { post } from '../../api/client';
import { browserTimeZone } from '../../api/session';
import { useAuth } from '../../auth';
import { Form, PasswordField, TextField } from '../../ui';
import { AuthCard } from './AuthCard';

/** /login/: e-mail and password; then the saved redirect target or /dashboard/. */
export function LoginScreen() {
  const { signIn } = useAuth();
  const [search] = useSearchParams();
  const reason = search.get('reason');
  return (
    <AuthCard title="Log In" subtitle="Sign in to order and track medical-records requests.">
      {reason === 'inactive' && (
        <Alert color="yellow" mb="md" title="Signed out">
          You were signed out after a period of inactivity to protect health information.
        </Alert>
      )}
      {reason === 'password-changed' && (
        <Alert color="green" mb="md" title="New password saved" role="status">
          Your password has been changed. You can now log in.
        </Alert>
      )}
      <Form
        aria-label="Log in"
        submitLabel="Log In"
        onSubmit={async (values: { email?: string; password?: string }) => {
          const tokens = await post<{ access: string; refresh: string }>('/users/token/', {
            email: (values.email ?? '').trim().toLowerCase(),
            password: values.password,
            // Stored on the user: reminders and the to-do list count 'today' in it.
            timezone: browserTimeZone(),
          });
          // Once signed in, the route screen moves on to the saved redirect target or /dashboard/.
          await signIn(tokens);
        }}
      >
        <TextField name="email" label="Email" type="email" autoComplete="email" required autoFocus />
        <PasswordField name="password" label="Password" autoComplete="current-password" required />
      </Form>
      <Group justify="space-between" mt="lg">
        <Anchor component={Link} to="/passwordResetRequest/" size="sm">
          Reset Password
        </Anchor>
        <Text size="sm" c="dimmed">
          New firm?{' '}
          <Anchor component={Link} to="/signup/">
            Sign up
          </Anchor>
        </Text>
      </Group>
    </AuthCard>
  );
}
