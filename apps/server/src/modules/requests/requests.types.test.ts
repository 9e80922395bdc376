import { randomUUID } from 'node:crypto';
import { requestTypeMissingMessage } from '@dd/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requestTypesNamed } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { requests, requestTypeChoices } from '../../db/schema';
import { emailsTo, firmForRequests, requestBody, requestsOfPatient, submit } from './requests.fixtures';
import { get, internalStaff, post } from './requests.staff-fixtures';

/** Request types as rows (docs/decisions/018): a name with a comma stays one type; unknown names are refused. */
async function choicesOf(requestIds: number[]) {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(requestTypeChoices)
    .where(inArray(requestTypeChoices.requestId, requestIds))
    .orderBy(asc(requestTypeChoices.requestId), asc(requestTypeChoices.position));
}

describe('request types as rows', () => {
  it("keeps a type named 'A, B' one type through create, detail, list and split", async () => {
    const { deps } = await getContext();
    const commaType = `Scans, Films ${randomUUID().slice(0, 6)}`;
    const [comma, medical] = await requestTypesNamed(deps.db, [commaType, 'Medical Records']);
    const firm = await firmForRequests();
    const created = await submit(
      firm.paralegal.headers,
      requestBody(firm, { request_type: [commaType, 'Medical Records'] }),
    );
    expect(created.statusCode).toBe(201);
    const [result] = created.json().results;
    expect(result).toMatchObject({
      request_type: `${commaType}, Medical Records`,
      request_types: [commaType, 'Medical Records'],
    });
    expect((await choicesOf([result.id])).map((c) => [c.requestTypeId, c.position])).toEqual([
      [comma.id, 0],
      [medical.id, 1],
    ]);

    const detail = await get(`/api/home/request/${result.id}/`, firm.paralegal.headers);
    expect(detail.json().request_types).toEqual([commaType, 'Medical Records']);
    const list = await get(`/api/home/request/?patient=${firm.patient.id}`, firm.paralegal.headers);
    expect(list.json().results.map((r: { request_types: string[] }) => r.request_types)).toEqual([
      [commaType, 'Medical Records'],
    ]);

    // Split by type: the comma type is one choice, so no "'Scans' was not included" complaint.
    const staff = await internalStaff();
    const split = await post(`/api/home/request/${result.id}/split/`, staff.headers, {
      splits: [
        { provider: firm.providers[1].id, request_types: [commaType] },
        { provider: firm.providers[2].id, request_types: ['Medical Records'] },
      ],
    });
    expect(split.statusCode, split.body).toBe(201);
    const ids = split.json().results.map((r: { id: number }) => r.id);
    const rows = await deps.db.select().from(requests).where(inArray(requests.id, ids));
    expect(rows.map((r) => r.requestType).sort()).toEqual([commaType, 'Medical Records'].sort());
    const choices = await choicesOf(ids);
    expect(choices.map((c) => [c.requestId, c.requestTypeId])).toEqual([
      [ids[0], comma.id],
      [ids[1], medical.id],
    ]);
    const first = await get(`/api/home/request/${ids[0]}/`, staff.headers);
    expect(first.json()).toMatchObject({ request_type: commaType, request_types: [commaType] });
  });

  it('refuses an unknown type name with 400 and writes nothing', async () => {
    const firm = await firmForRequests();
    const unknown = `No Such Type ${randomUUID().slice(0, 6)}`;
    const res = await submit(
      firm.paralegal.headers,
      requestBody(firm, {
        provider: firm.providers.map((p) => p.id),
        request_type: ['Medical Records', unknown],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: requestTypeMissingMessage([unknown]),
      fields: { request_type: requestTypeMissingMessage([unknown]) },
    });
    expect(await requestsOfPatient(firm.patient.id)).toEqual([]);
    expect(await emailsTo(firm.paralegal.user.email, 'request-submitted')).toEqual([]);
  });

  it('refuses an unknown type on a resubmit and on a split, leaving the request as it was', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const created = await submit(firm.paralegal.headers, requestBody(firm));
    const [{ id }] = created.json().results;
    const unknown = `Gone ${randomUUID().slice(0, 6)}`;
    const edit = await post(
      `/api/home/request/${id}/`,
      firm.paralegal.headers,
      requestBody(firm, { request_type: [unknown], rush: true }),
    );
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error).toBe(requestTypeMissingMessage([unknown]));
    const staff = await internalStaff();
    const split = await post(`/api/home/request/${id}/split/`, staff.headers, {
      splits: [
        { provider: firm.providers[1].id, request_types: ['Medical Records', 'Billing Records', unknown] },
      ],
    });
    expect(split.statusCode).toBe(400);
    expect(split.json().error).toBe(requestTypeMissingMessage([unknown]));
    const [row] = await deps.db.select().from(requests).where(eq(requests.id, id));
    expect(row).toMatchObject({ requestType: 'Medical Records, Billing Records', rush: false });
    expect((await choicesOf([id])).length).toBe(2);
  });
});
