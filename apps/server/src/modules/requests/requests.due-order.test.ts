import { addCalendarDays, STATUS, todayIn } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { createRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { firmForRequests } from './requests.fixtures';

/** The staff list's Legal Due Date column: nearest first (or furthest), requests without one last. */
describe('GET /api/home/request/?order_by=due_date', () => {
  it('orders a firm’s requests by their legal due date each way, those not yet sent last', async () => {
    const { deps, app } = await getContext();
    const firm = await firmForRequests();
    const today = todayIn('UTC');
    const make = (dueDate: string | null) =>
      createRequest(deps.db, {
        patientId: firm.patient.id,
        companyId: firm.company.id,
        userId: firm.paralegal.user.id,
        providerId: firm.providers[0].id,
        status: STATUS.inContact,
        dueDate,
      });
    const late = await make(addCalendarDays(today, -4));
    const unsent = await make(null);
    const soon = await make(addCalendarDays(today, 2));
    const later = await make(addCalendarDays(today, 20));
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const order = async (orderBy: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/home/request/?order_by=${orderBy}&patient__company=${firm.company.id}`,
        headers: staff.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results.map((r: { id: number }) => r.id);
    };
    expect(await order('due_date')).toEqual([late.id, soon.id, later.id, unsent.id]);
    expect(await order('-due_date')).toEqual([later.id, soon.id, late.id, unsent.id]);
  });
});
