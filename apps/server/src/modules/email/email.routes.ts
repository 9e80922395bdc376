import { ContactSchema, EmailSendSchema, IdSchema, MSG, OUTBOX_MSG } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { clientIp, clientIpKey } from '../../lib/client-ip';
import { forbidden } from '../../lib/errors';
import { PageQuery, pageOf } from '../../lib/pagination';
import { resendEmail } from './email.resend';
import { listOutbox, sendContactMessage, sendStaffEmail } from './email.service';

/**
 * POST /api/email/: the public contact form (a fixed template to the support address), or free text
 * from internal staff only, so the endpoint is never an open relay. GET /api/email/outbox/ lists the outbox
 * to internal staff, with one-time links shown only as a note (they exist only in the delivered e-mail),
 * and POST /api/email/outbox/{id}/resend/ sends one again (email.resend.ts).
 */
const ContactBody = ContactSchema.extend({ template: z.literal('contact').optional() });
const StaffEmailBody = EmailSendSchema.extend({ template: z.undefined().optional() });
const docSchema = (schema: z.ZodType) => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
};
/** A staff message names its recipient, subject or text; anything else is the contact form. */
const isStaffEmail = (body: Record<string, unknown>) =>
  body.template !== 'contact' && ('to_email' in body || 'subject' in body || 'text' in body);

/**
 * The body's shape says which it is (the spec's contact form sends no template), and only that shape
 * is validated, so a missing field is named instead of a bare 'Invalid input'.
 */
const EmailBody = z
  .looseObject({})
  .meta({ anyOf: [docSchema(ContactBody), docSchema(StaffEmailBody)] })
  .transform((body, ctx) => {
    const staff = isStaffEmail(body);
    const parsed = (staff ? StaffEmailBody : ContactBody).safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: issue.path } as never);
      return z.NEVER;
    }
    return staff
      ? { kind: 'staff' as const, body: parsed.data as z.output<typeof StaffEmailBody> }
      : { kind: 'contact' as const, body: parsed.data as z.output<typeof ContactBody> };
  });

export const emailRoutes: Module = (app, deps) => {
  app.post('/api/email/', { config: { access: 'public' }, schema: { body: EmailBody } }, async (request) => {
    const email = request.body;
    if (email.kind === 'contact') {
      await sendContactMessage(deps, email.body, clientIpKey(request));
      return { success: MSG.messageSent };
    }
    // The free-text half is for internal staff: an anonymous caller is refused like any other.
    if (!request.auth) throw forbidden();
    await sendStaffEmail(deps, request.auth, email.body);
    return { success: MSG.emailSent };
  });

  app.get(
    '/api/email/outbox/',
    { config: { access: 'internalStaff' }, schema: { querystring: PageQuery } },
    async (request) => {
      const { page, page_size } = request.query;
      const { results, total } = await listOutbox(deps.db, requireAuth(request), {
        page,
        pageSize: page_size,
      });
      return pageOf(request, results, total, page, page_size);
    },
  );

  app.post(
    '/api/email/outbox/:id/resend/',
    {
      config: { access: 'internalStaff' },
      schema: {
        params: z.object({ id: IdSchema }),
        response: { 200: z.object({ id: z.number(), success: z.string() }) },
      },
    },
    async (request) => {
      const queued = await resendEmail(deps.db, requireAuth(request), request.params.id, clientIp(request));
      return { id: queued.id, success: OUTBOX_MSG.queued };
    },
  );
};
