import {
  COMPANY_NAME_LIMITS,
  INVITE_LINK_HOURS,
  type NameLimits,
  nameProblem,
  PERSON_NAME_LIMITS,
} from '@dd/shared';
import { createOneTimeToken } from '../../auth/tokens';
import type { DbOrTx } from '../../db/client';
import { renderEmail } from '../../lib/email-layout';
import { type Mail, SECRET_LINK_PLACEHOLDER } from '../../lib/outbox';

/**
 * The invitation a new user receives: a single-use link to /passwordReset/{id}/ where they choose a
 * password (the reset screen accepts any valid one-time token of that user). Written to the outbox in
 * the caller's transaction, so a rolled-back save sends nothing; the link is the outbox's secret, readable
 * only in the delivered e-mail. The subject and wording are the product's own: the firm's and the
 * inviter's names are only quoted inside them, and a name that is not plain text (stored before names
 * were checked) is left out rather than sent, so an invitation cannot carry a firm's own message or link.
 */
export const INVITATION_SUBJECT = 'Your invitation to Direct Docs';

const plain = (name: string, limits: NameLimits) =>
  name.trim() && !nameProblem(name, 'Name', limits) ? name.trim() : null;

/**
 * An inactive user cannot sign in, so is not invited; one who is activated before ever choosing a
 * password is invited then. Someone who already has a password is only re-activated.
 */
export function invitationDue(
  before: { isActive: boolean } | undefined,
  after: { isActive: boolean; passwordHash: string | null },
): boolean {
  return after.isActive && after.passwordHash === null && !(before?.isActive ?? false);
}

export async function sendInvitation(
  tx: DbOrTx,
  mail: Mail,
  invitee: { id: number; companyId: number; email: string; firstName: string },
  context: { companyName: string; inviterName: string },
): Promise<void> {
  const token = await createOneTimeToken(tx, invitee, 'invite', INVITE_LINK_HOURS);
  const url = `${mail.publicUrl}/passwordReset/${invitee.id}/?invite=1&token=${encodeURIComponent(token)}`;
  const days = INVITE_LINK_HOURS / 24;
  const company = plain(context.companyName, COMPANY_NAME_LIMITS);
  const inviter = plain(context.inviterName, PERSON_NAME_LIMITS);
  const firstName = plain(invitee.firstName, PERSON_NAME_LIMITS);
  const content = renderEmail({
    title: 'You have been invited to Direct Docs',
    paragraphs: [
      firstName ? `Hello ${firstName},` : 'Hello,',
      `You have been invited to join ${company ? `“${company}”` : 'your team'} on Direct Docs${inviter ? ` by ${inviter}` : ''}. Direct Docs is where law firms order and follow medical-records requests.`,
      `Choose a password to start. The link works once and expires in ${days} days.`,
      `If it has expired, use "Reset Password" on the login page with ${invitee.email}.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ],
    action: { label: 'Choose your password', url: SECRET_LINK_PLACEHOLDER },
  });
  await mail.enqueue(tx, {
    to: invitee.email,
    subject: INVITATION_SUBJECT,
    template: 'user-invite',
    secretLink: url,
    ...content,
  });
}
