import type { Notifications } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { getContext } from '../../../test/helpers';
import { notes } from '../../db/schema';
import { staffCase } from '../staffwork/staffwork.fixtures';

async function bell(headers: Record<string, string>): Promise<Notifications> {
  const { app } = await getContext();
  const res = await app.inject({ method: 'GET', url: '/api/notifications/', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function note(
  request: { id: number; companyId: number },
  userId: number | null,
  text: string,
  createdAt = new Date(),
) {
  const { deps } = await getContext();
  await deps.db
    .insert(notes)
    .values({ requestId: request.id, companyId: request.companyId, userId, text, createdAt });
}

describe('the notification bell', () => {
  it('lists what others wrote on the firm’s requests, newest first, unread until the bell is opened', async () => {
    const { app } = await getContext();
    const c = await staffCase();
    const other = await staffCase();
    await note(c.request, c.staff.user.id, 'Called the provider.', new Date(Date.now() - 60_000));
    await note(c.request, c.contact.user.id, 'My own note is no news to me.');
    await note(other.request, other.staff.user.id, 'Another firm’s request.');
    await note(c.request, null, 'Follow-up 1 e-mailed to the provider.');
    await note(c.request, c.staff.user.id, 'Too old to list.', new Date(Date.now() - 31 * 86_400_000));

    const first = await bell(c.contact.headers);
    expect(first.unread).toBe(2);
    expect(first.results.map((n) => [n.text, n.by, n.unread])).toEqual([
      ['Follow-up 1 e-mailed to the provider.', null, true],
      ['Called the provider.', c.staff.user.fullName, true],
    ]);
    expect(first.results[0].request).toEqual({ id: c.request.id, internal_number: c.request.internalNumber });

    const seen = await app.inject({
      method: 'POST',
      url: '/api/notifications/seen/',
      headers: c.contact.headers,
    });
    expect(seen.statusCode).toBe(200);
    const after = await bell(c.contact.headers);
    expect(after.unread).toBe(0);
    expect(after.results.every((n) => !n.unread)).toBe(true);

    await note(c.request, c.staff.user.id, 'Records arrived.');
    expect((await bell(c.contact.headers)).unread).toBe(1);
    // Staff see every firm's notes but their own.
    const staffBell = await bell(other.staff.headers);
    expect(staffBell.results.map((n) => n.text)).toContain('Records arrived.');
    expect(staffBell.results.map((n) => n.text)).not.toContain('Another firm’s request.');
  });

  it('needs a session', async () => {
    const { app } = await getContext();
    expect((await app.inject({ method: 'GET', url: '/api/notifications/' })).statusCode).toBe(401);
  });
});
