import { randomUUID } from 'node:crypto';
import { OUTBOX_MSG } from '@dd/shared';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { auditEvents, emailOutbox } from '../../db/schema';
import { SECRET_LINK_PLACEHOLDER } from '../../lib/outbox';

/** The outbox's Resend: a failed e-mail is tried again, a sent one goes again as a new row. */
async function outboxRow(values: Partial<typeof emailOutbox.$inferInsert>) {
  const { deps } = await getContext();
  const [row] = await deps.db
    .insert(emailOutbox)
    .values({
      toEmail: `resend-${randomUUID()}@example.test`,
      fromEmail: 'support@directdocs.example',
      subject: 'Your records are ready',
      text: 'Hello',
      template: 'all-complete',
      ...values,
    })
    .returning();
  return row;
}

async function resend(id: number) {
  const { app, deps } = await getContext();
  const who = await callers(deps);
  return app.inject({
    method: 'POST',
    url: `/api/email/outbox/${id}/resend/`,
    headers: who.internalStaff.headers,
    payload: {},
  });
}

const rowsTo = async (to: string) => {
  const { deps } = await getContext();
  return deps.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, to)).orderBy(emailOutbox.id);
};

describe('POST /api/email/outbox/{id}/resend/', () => {
  it('tries a failed e-mail again with a fresh round of attempts, and records who asked', async () => {
    const failed = await outboxRow({ status: 'failed', attempts: 8, lastError: '550 mailbox unavailable' });
    const res = await resend(failed.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: failed.id, success: OUTBOX_MSG.queued });
    const [row] = await rowsTo(failed.toEmail);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: '550 mailbox unavailable' });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const { deps } = await getContext();
    const [event] = await deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'email.resent'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event.details).toMatchObject({ outbox_id: failed.id, queued_id: failed.id });
  });

  it('sends a delivered e-mail again as a new row and keeps the first delivery in the history', async () => {
    const sent = await outboxRow({ status: 'sent', attempts: 1, sentAt: new Date() });
    const res = await resend(sent.id);
    expect(res.statusCode, res.body).toBe(200);
    const [first, again] = await rowsTo(sent.toEmail);
    expect(first).toMatchObject({ id: sent.id, status: 'sent' });
    expect(again).toMatchObject({
      id: res.json().id,
      status: 'pending',
      attempts: 0,
      subject: sent.subject,
      text: sent.text,
      template: sent.template,
    });
  });

  it('never sends a one-time link twice, and leaves a pending e-mail alone', async () => {
    const link = await outboxRow({
      status: 'sent',
      text: `Reset: ${SECRET_LINK_PLACEHOLDER}`,
      template: 'reset',
    });
    const refused = await resend(link.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(OUTBOX_MSG.oneTimeLinkGone);
    expect(await rowsTo(link.toEmail)).toHaveLength(1);

    const pending = await outboxRow({});
    const waiting = await resend(pending.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error).toBe(OUTBOX_MSG.alreadyPending);
  });

  it('is for internal staff only', async () => {
    const { app, deps } = await getContext();
    const who = await callers(deps);
    const failed = await outboxRow({ status: 'failed' });
    for (const caller of [who.firmStaff, who.firmUser, who.internalUser]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/email/outbox/${failed.id}/resend/`,
        headers: caller.headers,
        payload: {},
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await rowsTo(failed.toEmail))[0].status).toBe('failed');
  });
});
