import { RECORDS_PACKAGE_MSG } from '@dd/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, firmWithRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { jobs } from '../../db/schema';
import { STAMP_JOB, stampDelivered } from './package.deliver';
import { deliverable, recordsPdf } from './package.test-utils';

/** When stamping fails for good the package says why, and sending the request again tries it again. */
describe('records package whose stamping failed', () => {
  it('answers the reason instead of "being prepared", and a second send queues the stamping again', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const { internalStaff } = await callers(deps);
    const staffId = Number(internalStaff.user.id);
    const pdf = await recordsPdf('Notes', [{}]);
    await deliverable(app, internalStaff.headers, staffId, firm.request.id, pdf, 'Notes.pdf');
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/home/request/${firm.request.id}/send_to_lawyer/`,
        headers: internalStaff.headers,
        payload: {},
      });
    expect((await send()).statusCode).toBe(200);
    const key = `${STAMP_JOB}:${firm.request.id}`;
    // As the job queue leaves a job that failed on its last attempt.
    await deps.db
      .update(jobs)
      .set({ status: 'failed', lastError: 'The PDF worker stopped.', finishedAt: new Date() })
      .where(and(eq(jobs.key, key), eq(jobs.status, 'queued')));

    const url = `/api/home/request/${firm.request.id}/package/`;
    const failed = await app.inject({ url, headers: firm.paralegal.headers });
    expect([failed.statusCode, failed.json().error]).toEqual([
      409,
      RECORDS_PACKAGE_MSG.failed('The PDF worker stopped.'),
    ]);

    expect((await send()).statusCode).toBe(200);
    const preparing = await app.inject({ url, headers: firm.paralegal.headers });
    expect(preparing.json().error).toBe(RECORDS_PACKAGE_MSG.preparing);
    const live = await deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.key, key), eq(jobs.status, 'queued')));
    expect(live).toHaveLength(1);
    await stampDelivered(
      { db: deps.db, storage: deps.storage, dataDir: deps.config.dataDir },
      firm.request.id,
    );
    expect((await app.inject({ url, headers: firm.paralegal.headers })).statusCode).toBe(200);
  });
});
