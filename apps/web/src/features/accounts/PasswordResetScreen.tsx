import { ResetPasswordFormSchema } from '@dd/shared';
import { Alert, Anchor } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { post } from '../../api/client';
import type { ScreenProps } from '../../ui';
import { Form, PasswordConfirmFields } from '../../ui';
import { AuthCard } from './AuthCard';

/** /passwordReset/{user_id}/?token=…: new password with confirmation, then /login/. */
export function PasswordResetScreen({ params }: ScreenProps) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const userId = Number(params[0]);
  const token = search.get('token');
  const invited = search.get('invite') === '1';
  const title = invited ? 'Choose Your Password' : 'Reset Password';

  if (!Number.isInteger(userId) || userId <= 0 || !token) {
    return (
      <AuthCard title={title}>
        <Alert color="red" title="This link is incomplete">
          Open the link from your e-mail again, or{' '}
          <Anchor component={Link} to="/passwordResetRequest/">
            request a new one
          </Anchor>
          .
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={title}
      subtitle={
        invited
          ? 'Welcome to Direct Docs. Choose a password of at least 8 characters to finish setting up your account.'
          : 'Choose a new password of at least 8 characters.'
      }
    >
      <Form
        aria-label="Reset password"
        schema={ResetPasswordFormSchema}
        submitLabel="Save New Password"
        onSubmit={async (values: { password?: string }) => {
          await post(`/users/resetPassword/${userId}/`, { password: values.password, token });
          // A signed-out visitor has no toasts: the sign-in page says it.
          navigate('/login/?reason=password-changed', { replace: true });
        }}
      >
        <PasswordConfirmFields name="password" confirmName="password_confirmation" required />
      </Form>
    </AuthCard>
  );
}
