import { describe, expect, it } from 'vitest';
import { callers, createRequest, firmWithRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { deliverable, recordsPdf } from './package.test-utils';

/**
 * Deliveries for the same client at the same moment (three requests sent at once): the client's
 * counter row is taken in each send's transaction, so the ranges neither overlap nor leave a gap.
 */
describe('Bates numbering under concurrent deliveries', () => {
  it('gives three simultaneous sends for one client disjoint ranges that together run 1 to N', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const { internalStaff } = await callers(deps);
    const staffId = Number(internalStaff.user.id);
    const requests = [
      firm.request,
      ...(await Promise.all(
        [1, 2].map(() =>
          createRequest(deps.db, {
            patientId: firm.patient.id,
            companyId: firm.company.id,
            userId: firm.paralegal.user.id,
          }),
        ),
      )),
    ];
    for (const [n, request] of requests.entries()) {
      const pdf = await recordsPdf(
        `Request ${n}`,
        Array.from({ length: n + 2 }, () => ({})),
      );
      await deliverable(app, internalStaff.headers, staffId, request.id, pdf, `r${n}.pdf`);
    }
    const sent = await Promise.all(
      requests.map((r) =>
        app.inject({
          method: 'POST',
          url: `/api/home/request/${r.id}/send_to_lawyer/`,
          headers: internalStaff.headers,
          payload: {},
        }),
      ),
    );
    expect(sent.map((s) => s.statusCode)).toEqual([200, 200, 200]);
    const ranges: [number, number][] = [];
    for (const request of requests) {
      const detail = await app.inject({
        url: `/api/home/request/${request.id}/`,
        headers: internalStaff.headers,
      });
      const [file] = detail.json().files;
      ranges.push([Number(file.bates_start.slice(-7)), Number(file.bates_end.slice(-7))]);
      // Each request's file has as many numbers as pages (2, 3 and 4).
      expect(ranges.at(-1)![1] - ranges.at(-1)![0] + 1).toBe(requests.indexOf(request) + 2);
    }
    const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
    expect(sorted[0][0]).toBe(1);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i][0]).toBe(sorted[i - 1][1] + 1);
    expect(sorted.at(-1)![1]).toBe(9);
  });
});
