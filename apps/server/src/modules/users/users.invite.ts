import {
  type InviteBody,
  type InviteResult,
  type InviteUser,
  MSG,
  parseInviteRows,
  userAtAnotherFirmMessage,
} from '@dd/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { revokeAllForUser } from '../../auth/tokens';
import { type Auth, assertCompany } from '../../authz';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { Mail } from '../../lib/outbox';
import { sendInvitation } from './users.email';
import { listCompanyUsers, type UserRow, usersByEmails, usersWithHistory } from './users.queries';
import { guardUnique, inviterName, lockCompany, selfChangeError } from './users.service';

/**
 * POST /api/user/invite/: saves the whole invite grid in one transaction (spec section 5). Rows are
 * matched to the company's users by e-mail ignoring case: known users are updated, new ones created and
 * invited, and users missing from the grid removed (never the caller; deactivated when they have
 * history). Any problem, such as an e-mail at another firm, aborts the save and lists every problem.
 */
function gridErrors(errors: string[]): HttpError {
  return new HttpError(400, errors.join('\n'), undefined, { errors });
}

const differs = (row: UserRow, u: InviteUser) =>
  row.firstName !== u.first_name ||
  row.lastName !== u.last_name ||
  (row.phoneNumber ?? null) !== u.phone_number ||
  row.isStaff !== u.is_staff ||
  row.isActive !== u.is_active;

export async function inviteUsers(db: Db, mail: Mail, auth: Auth, body: InviteBody): Promise<InviteResult> {
  assertCompany(auth, body.company_id);
  const parsed = parseInviteRows(body.rows);
  if (parsed.errors.length) throw gridErrors(parsed.errors);

  return guardUnique(() =>
    db.transaction(async (tx) => {
      const company = await lockCompany(tx, body.company_id);
      const emails = parsed.users.map((u) => u.email);
      const known = await usersByEmails(tx, emails);
      const elsewhere = new Set(
        known.filter((k) => k.companyId !== company.id).map((k) => k.email.toLowerCase()),
      );
      const errors = parsed.users
        .filter((u) => elsewhere.has(u.email))
        .map((u) => userAtAnotherFirmMessage(u.typed_email));

      const current = await listCompanyUsers(tx, company.id);
      const byEmail = new Map(current.map((row) => [row.email.toLowerCase(), row]));
      for (const u of parsed.users) {
        const row = byEmail.get(u.email);
        const selfError = row && selfChangeError(auth, row, { isStaff: u.is_staff, isActive: u.is_active });
        if (selfError) errors.push(`Row ${u.row}: ${selfError}`);
      }
      if (errors.length) throw gridErrors(errors);

      let updated = 0;
      const fresh: InviteUser[] = [];
      for (const u of parsed.users) {
        const row = byEmail.get(u.email);
        if (!row) fresh.push(u);
        else if (differs(row, u)) {
          updated += 1;
          await tx
            .update(users)
            .set({
              firstName: u.first_name,
              lastName: u.last_name,
              phoneNumber: u.phone_number,
              isStaff: u.is_staff,
              isActive: u.is_active,
            })
            .where(eq(users.id, row.id));
          if (row.isActive && !u.is_active) await revokeAllForUser(tx, row.id);
        }
      }

      if (fresh.length) {
        const created = await tx
          .insert(users)
          .values(
            fresh.map((u) => ({
              firstName: u.first_name,
              lastName: u.last_name,
              email: u.email,
              phoneNumber: u.phone_number,
              companyId: company.id,
              isStaff: u.is_staff,
              isActive: u.is_active,
            })),
          )
          .returning();
        const context = { companyName: company.name, inviterName: await inviterName(tx, auth) };
        for (const user of created) await sendInvitation(tx, mail, user, context);
      }

      const inGrid = new Set(emails);
      const missing = current.filter((row) => !inGrid.has(row.email.toLowerCase()) && row.id !== auth.userId);
      const kept = await usersWithHistory(
        tx,
        missing.map((row) => row.id),
      );
      const toDeactivate = missing.filter((row) => kept.has(row.id) && row.isActive).map((row) => row.id);
      const toDelete = missing.filter((row) => !kept.has(row.id)).map((row) => row.id);
      if (toDeactivate.length) {
        await tx.update(users).set({ isActive: false }).where(inArray(users.id, toDeactivate));
        for (const id of toDeactivate) await revokeAllForUser(tx, id);
      }
      if (toDelete.length) {
        await tx.delete(users).where(and(inArray(users.id, toDelete), eq(users.companyId, company.id)));
      }
      return {
        success: MSG.usersInvited,
        created: fresh.length,
        updated,
        removed: toDelete.length,
        deactivated: toDeactivate.length,
      };
    }),
  );
}
