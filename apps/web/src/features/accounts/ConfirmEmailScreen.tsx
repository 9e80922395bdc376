import { CONFIRM_MSG } from '@dd/shared';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { post } from '../../api/client';
import { CURRENT_USER_KEY, useAuth } from '../../auth';
import type { ScreenProps } from '../../ui';
import { AuthCard } from './AuthCard';

/**
 * /confirmEmail/{user_id}/?token=…: the link of the sign-up's confirmation e-mail. Opening it confirms the
 * address at once (the token works once), then offers the dashboard, or the login when signed out.
 */
type Outcome = { step: 'confirming' } | { step: 'confirmed' | 'failed'; message: string };

export function ConfirmEmailScreen({ params }: ScreenProps) {
  const [search] = useSearchParams();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = Number(params[0]);
  const token = search.get('token');
  const complete = Number.isInteger(userId) && userId > 0 && Boolean(token);
  const [outcome, setOutcome] = useState<Outcome>({ step: 'confirming' });
  // The token is single-use: post it once even when React runs the effect twice.
  const posted = useRef(false);

  useEffect(() => {
    if (!complete || posted.current) return;
    posted.current = true;
    post<{ success: string }>('/users/confirmEmail/', { user_id: userId, token })
      .then((res) => {
        setOutcome({ step: 'confirmed', message: res.success });
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      })
      .catch((error: unknown) =>
        setOutcome({ step: 'failed', message: error instanceof Error ? error.message : CONFIRM_MSG.invalid }),
      );
  }, [complete, userId, token, queryClient]);

  const next = user ? (
    <Button component={Link} to="/dashboard/">
      Go to your dashboard
    </Button>
  ) : (
    <Button component={Link} to="/login/">
      Log In
    </Button>
  );

  return (
    <AuthCard title="Confirm Your E-mail Address">
      {!complete ? (
        <Alert color="red" title="This link is incomplete">
          Open the link from your e-mail again, or sign in and send a new one from your dashboard.
        </Alert>
      ) : outcome.step === 'confirming' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Confirming your e-mail address…</Text>
        </Group>
      ) : (
        <Stack gap="lg">
          <Alert
            color={outcome.step === 'confirmed' ? 'green' : 'red'}
            title={
              outcome.step === 'confirmed' ? 'E-mail address confirmed' : 'We could not confirm your address'
            }
          >
            {outcome.message}
          </Alert>
          <Group>{next}</Group>
        </Stack>
      )}
    </AuthCard>
  );
}
