import { INVITE_LINK_HOURS } from '@dd/shared';
import { createOneTimeToken } from '../../auth/tokens';
import type { DbOrTx } from '../../db/client';
import { renderEmail } from '../../lib/email-layout';
import type { Mail } from '../../lib/outbox';

/**
 * The invitation a new user receives: a single-use link to /passwordReset/{id}/ where they choose a
 * password (the reset screen accepts any valid one-time token of that user). Written to the outbox in
 * the caller's transaction, so a rolled-back save sends nothing.
 */
export async function sendInvitation(
  tx: DbOrTx,
  mail: Mail,
  invitee: { id: number; email: string; firstName: string },
  context: { companyName: string; inviterName: string },
): Promise<void> {
  const token = await createOneTimeToken(tx, invitee.id, 'invite', INVITE_LINK_HOURS);
  const url = `${mail.publicUrl}/passwordReset/${invitee.id}/?invite=1&token=${encodeURIComponent(token)}`;
  const days = INVITE_LINK_HOURS / 24;
  const content = renderEmail({
    title: `You're invited to ${context.companyName} on Direct Docs`,
    paragraphs: [
      invitee.firstName ? `Hello ${invitee.firstName},` : 'Hello,',
      `${context.inviterName} added you to ${context.companyName} on Direct Docs, where your team orders and follows medical-records requests.`,
      `Choose a password to start. The link works once and expires in ${days} days.`,
      `If it has expired, use "Reset Password" on the login page with ${invitee.email}.`,
    ],
    action: { label: 'Choose your password', url },
  });
  await mail.enqueue(tx, {
    to: invitee.email,
    subject: `You're invited to ${context.companyName} on Direct Docs`,
    template: 'user-invite',
    ...content,
  });
}
