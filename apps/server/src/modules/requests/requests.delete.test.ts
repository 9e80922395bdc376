import { STATUS, toCents } from '@dd/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFile, createRequest, firmWithRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { auditEvents, fileAccesses, files, invoices, notes, requests } from '../../db/schema';
import { firmForRequests, requestBody, requestsOfPatient, submit } from './requests.fixtures';

/**
 * POST /api/home/request/{id}/delete/ never erases money or the download trail: a request with work on it
 * is archived (active = false) and leaves every list; only an untouched new request is removed for good.
 */
async function remove(headers: Record<string, string>, id: number) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url: `/api/home/request/${id}/delete/`, headers, payload: {} });
}

async function get(url: string, headers: Record<string, string>) {
  const { app } = await getContext();
  return app.inject({ method: 'GET', url, headers });
}

async function audits(requestId: number) {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(auditEvents)
    .where(
      and(
        sql`${auditEvents.action} like 'request.%'`,
        sql`${auditEvents.details}->>'request_id' = ${String(requestId)}`,
      ),
    )
    .orderBy(auditEvents.id);
}

describe('deleting a request keeps money and audit rows', () => {
  it('archives a request with an invoice line and a downloaded file; both rows and the trail stay', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const id = firm.request.id;
    await deps.db.update(requests).set({ status: STATUS.inContact }).where(eq(requests.id, id));
    const file = await createFile(deps.db, id);
    await deps.db.insert(fileAccesses).values({
      action: 'DOWNLOAD',
      fileId: file.id,
      companyId: file.companyId,
      userId: firm.paralegal.user.id,
    });
    await deps.db.insert(invoices).values({ requestId: id, companyId: firm.company.id, price: toCents(35) });
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });

    const res = await remove(staff.headers, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const [row] = await deps.db.select().from(requests).where(eq(requests.id, id));
    expect(row).toMatchObject({ active: false });
    expect(await deps.db.select().from(files).where(eq(files.id, file.id))).toHaveLength(1);
    expect(await deps.db.select().from(fileAccesses).where(eq(fileAccesses.fileId, file.id))).toHaveLength(1);
    expect(await deps.db.select().from(invoices).where(eq(invoices.requestId, id))).toHaveLength(1);
    const [event] = await audits(id);
    expect(event).toMatchObject({ actorId: staff.user.id, action: 'request.archived' });

    // Gone from the firm's and the staff's lists and details.
    const scope = `?patient__company=${firm.company.id}`;
    for (const caller of [firm.staff, firm.paralegal, staff]) {
      const list = await get(`/api/home/request/${scope}`, caller.headers);
      expect(list.statusCode).toBe(200);
      expect(list.json().results.map((r: { id: number }) => r.id)).not.toContain(id);
      expect((await get(`/api/home/request/${id}/`, caller.headers)).statusCode).toBe(404);
    }
    // A second delete finds nothing.
    expect((await remove(staff.headers, id)).statusCode).toBe(404);
  });

  it('archives a new request that already has a note rather than erasing it', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const id = firm.request.id;
    await deps.db.insert(notes).values({ text: 'Please hurry', requestId: id, companyId: firm.company.id });
    expect((await remove(firm.paralegal.headers, id)).statusCode).toBe(200);
    const [row] = await deps.db.select().from(requests).where(eq(requests.id, id));
    expect(row.active).toBe(false);
    expect(await deps.db.select().from(notes).where(eq(notes.requestId, id))).toHaveLength(1);
  });

  it('removes an untouched Requested By Lawyer request for good, with an audit entry', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const id = firm.request.id;
    const res = await remove(firm.paralegal.headers, id);
    expect(res.statusCode).toBe(200);
    expect(await deps.db.select().from(requests).where(eq(requests.id, id))).toHaveLength(0);
    const [event] = await audits(id);
    expect(event).toMatchObject({ actorId: firm.paralegal.user.id, action: 'request.deleted' });
    expect(event.details).toMatchObject({ internal_number: firm.request.internalNumber });
  });

  it('refuses a raw delete of a request that has files or invoice lines, and of a file with accesses', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const withFile = firm.request.id;
    const file = await createFile(deps.db, withFile);
    await deps.db.insert(fileAccesses).values({
      action: 'DOWNLOAD',
      fileId: file.id,
      companyId: file.companyId,
      userId: firm.paralegal.user.id,
    });
    await expect(deps.db.execute(sql`delete from requests where id = ${withFile}`)).rejects.toThrow();
    await expect(deps.db.execute(sql`delete from files where id = ${file.id}`)).rejects.toThrow();

    const withInvoice = await createRequest(deps.db, {
      patientId: firm.patient.id,
      companyId: firm.company.id,
    });
    await deps.db
      .insert(invoices)
      .values({ requestId: withInvoice.id, companyId: withInvoice.companyId, price: toCents(35) });
    await expect(deps.db.execute(sql`delete from requests where id = ${withInvoice.id}`)).rejects.toThrow();
    expect(await deps.db.select().from(requests).where(eq(requests.id, withInvoice.id))).toHaveLength(1);
  });
});

describe('ordering again after a delete', () => {
  it('a deleted (archived) request does not count as a duplicate of a new order', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const body = requestBody(firm);
    expect((await submit(firm.paralegal.headers, body)).statusCode).toBe(201);
    const [first] = await requestsOfPatient(firm.patient.id);
    await deps.db
      .insert(notes)
      .values({ text: 'Ordered by mistake', requestId: first.id, companyId: first.companyId });
    expect((await remove(firm.paralegal.headers, first.id)).statusCode).toBe(200);

    const again = await submit(firm.paralegal.headers, body);
    expect(again.statusCode, again.body).toBe(201);
  });
});
