import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getContext } from '../../../test/helpers';
import { invoices, requests } from '../../db/schema';
import { call, notesOf, requestRow, staffCase } from './staffwork.fixtures';

/**
 * Staff work looks a request up by id alone (internal staff reach every firm), so the look-up itself
 * must leave out deleted requests: a request archived by its firm is not sent, cancelled, split, billed
 * or claimed afterwards.
 */
describe('staff work on a deleted request', () => {
  it('answers 404 to internal staff on every staff action and changes nothing', async () => {
    const { deps } = await getContext();
    const own = await staffCase();
    await deps.db.update(requests).set({ active: false }).where(eq(requests.id, own.request.id));
    const base = `/api/home/request/${own.request.id}/`;
    const attempts = [
      ['POST', `${base}initial_sent/`, {}],
      ['POST', `${base}cancel/`, {}],
      ['POST', `${base}send_to_lawyer/`, {}],
      ['GET', `${base}first_send/`, undefined],
      ['GET', `${base}staff_info/`, undefined],
      [
        'POST',
        `${base}split/`,
        { splits: [{ provider: own.provider.id, request_types: ['Medical Records'] }] },
      ],
      ['POST', base, { requisition_id: 'REQ-1', provider_cost: '10' }],
      ['POST', base, { working_on: own.staff.user.id }],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, own.staff.headers, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(404);
    }
    const row = await requestRow(own.request.id);
    expect(row).toMatchObject({
      status: 'Requested By Lawyer',
      workingOnId: null,
      requisitionId: null,
      active: false,
    });
    expect(await notesOf(own.request.id)).toHaveLength(0);
    expect(await deps.db.select().from(invoices).where(eq(invoices.requestId, own.request.id))).toHaveLength(
      0,
    );
  });
});
