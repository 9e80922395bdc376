/**
 * Staff's flag on a request whose authorization, signed online, expires within 30 days or has expired: the
 * date, and whether the firm has already sent the client a new link (the expiry chore asked it to).
 */
import { type AuthorizationExpiry, formatDate } from '@dd/shared';
import { Alert } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../api/client';
import { signingKeys } from './api';

export function AuthorizationExpiryFlag({ requestId }: { requestId: number }) {
  const expiry = useQuery({
    queryKey: signingKeys.expiry(requestId),
    queryFn: ({ signal }) =>
      get<AuthorizationExpiry>(`/api/home/request/${requestId}/authorization_expiry/`, undefined, signal),
  });
  const e = expiry.data;
  if (!e || !(e.expiring || e.expired)) return null;
  const renewal = e.renewal_sent
    ? 'The firm has sent the client a new signing link.'
    : 'The firm has been asked to have it signed again.';
  return (
    <Alert
      color={e.expired ? 'red' : 'yellow'}
      icon={<IconClockExclamation size={20} />}
      title={e.expired ? 'The HIPAA authorization has expired' : 'The HIPAA authorization expires soon'}
    >
      Signed online; {e.expired ? 'expired' : 'expires'} on {formatDate(e.expires_on)}
      {e.expired ? '' : ` (${e.days_left} day${e.days_left === 1 ? '' : 's'})`}. {renewal}
    </Alert>
  );
}
