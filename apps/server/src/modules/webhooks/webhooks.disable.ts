import type { DbOrTx } from '../../db/client';
import { renderEmail } from '../../lib/email-layout';
import type { Mail } from '../../lib/outbox';
import { activeAdminEmailsOfFirm, disableEndpointForFailures } from './webhooks.deliver.queries';
import { cancelPendingDeliveries } from './webhooks.queries';

/**
 * Turning an endpoint off: by a firm administrator, or by itself once its deliveries have failed for a day
 * (at least DISABLE_AFTER.failures in a row, so one slow night does not do it). Either way its waiting
 * deliveries are marked not sent ('Send again' can send them later); after failures the firm's
 * administrators are e-mailed in the same transaction.
 */
const DISABLE_AFTER = { failures: 5, ms: 24 * 3600_000 } as const;

export async function disableAfterFailures(
  tx: DbOrTx,
  mail: Mail,
  endpointId: number,
  state: { failureCount: number; failingSince: Date | null },
  now: Date,
): Promise<void> {
  if (state.failureCount < DISABLE_AFTER.failures || !state.failingSince) return;
  if (now.getTime() - new Date(state.failingSince).getTime() < DISABLE_AFTER.ms) return;
  const endpoint = await disableEndpointForFailures(tx, endpointId, now);
  if (!endpoint) return;
  await cancelPendingDeliveries(tx, { id: endpointId, companyId: endpoint.companyId });
  const admins = await activeAdminEmailsOfFirm(tx, endpoint.companyId);
  for (const admin of admins) await mail.enqueue(tx, disabledEmail(mail, admin.email, endpoint.url, state));
}

function disabledEmail(mail: Mail, to: string, url: string, state: { failureCount: number }) {
  const content = renderEmail({
    title: 'A webhook endpoint was disabled',
    paragraphs: [
      `Direct Docs could not deliver events to ${url} for a day (${state.failureCount} failed attempts in a row), so it stopped sending to it.`,
      'Check that the endpoint is up and answers with a 2xx status, then enable it again on the Webhooks page. Deliveries that were waiting can be sent again from its delivery log.',
    ],
    action: { label: 'Open Webhooks', url: `${mail.publicUrl}/webhooks/` },
  });
  return { to, subject: 'Direct Docs: webhook endpoint disabled', template: 'webhook-disabled', ...content };
}
