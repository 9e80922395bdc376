import { MSG } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getContext, randomIp } from '../../../test/helpers';
import { contactMessages } from '../../db/schema';

/** The public contact form is limited per IP address, so it cannot be used to flood the support inbox. */
async function sendContact(email: string, ip: string) {
  const { app } = await getContext();
  return app.inject({
    method: 'POST',
    url: '/api/email/',
    payload: { template: 'contact', name: 'Jane Counsel', email, message: 'We need records.' },
    remoteAddress: ip,
  });
}

describe('POST /api/email/ (contact form) rate limit', () => {
  it('accepts CONTACT_RATE_LIMIT messages per IP address an hour, then answers 429 and stores nothing', async () => {
    const { deps } = await getContext();
    const ip = randomIp();
    const email = `flood-${crypto.randomUUID().slice(0, 8)}@visitor.test`;
    const limit = deps.config.CONTACT_RATE_LIMIT;
    expect(limit).toBe(10);
    for (let i = 0; i < limit; i++) {
      const res = await sendContact(email, ip);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: MSG.messageSent });
    }
    const over = await sendContact(email, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(MSG.tooManyRequests);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await deps.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toHaveLength(limit);

    // Another visitor is not affected.
    expect((await sendContact(email, randomIp())).statusCode).toBe(200);
  });
});
