import { UserCheckSchema } from '@dd/shared';
import { Alert, Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { post } from '../../api/client';
import { Form, TextField } from '../../ui';
import { AuthCard } from './AuthCard';

/**
 * /passwordResetRequest/: e-mails a reset link when a user has the address; the address is checked with the
 * route's UserCheckSchema. A chunk of its own (app/screens.tsx): the schema's zod stays out of sign-in's load.
 */
export function PasswordResetRequestScreen() {
  const [outcome, setOutcome] = useState<{ sent: boolean; message: string } | null>(null);
  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter the e-mail you sign in with and we will send you a reset link."
    >
      {outcome && (
        <Alert color={outcome.sent ? 'green' : 'red'} mb="md" role="status">
          {outcome.message}
        </Alert>
      )}
      <Form
        aria-label="Request password reset"
        schema={UserCheckSchema}
        submitLabel="Send Reset Email"
        onSubmit={async (values: { email?: string }) => {
          setOutcome(null);
          setOutcome(
            await post<{ sent: boolean; message: string }>('/users/userCheck/', { email: values.email }),
          );
        }}
      >
        <TextField name="email" label="Email" type="email" autoComplete="email" required autoFocus />
      </Form>
      <Text size="sm" mt="lg">
        <Anchor component={Link} to="/login/">
          Back to Log In
        </Anchor>
      </Text>
    </AuthCard>
  );
}
