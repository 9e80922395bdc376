import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { pruneWebhookDeliveries } from './webhooks.prune';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('webhook delivery retention', () => {
  it('deletes finished deliveries older than 30 days, in batches, and keeps newer ones and those still retried', async () => {
    const { deps } = await getContext();
    const company = await createCompany(deps.db);
    const [endpoint] = await deps.db
      .insert(webhookEndpoints)
      .values({
        companyId: company.id,
        url: 'https://partner.example/hook',
        events: ['request.created'],
        secret: 'x',
      })
      .returning();
    const delivery = (status: string, createdAt: Date) => ({
      endpointId: endpoint.id,
      companyId: endpoint.companyId,
      messageId: `msg_${randomUUID()}`,
      event: 'request.created',
      body: '{}',
      status,
      createdAt,
    });
    await deps.db
      .insert(webhookDeliveries)
      .values([
        delivery('delivered', daysAgo(45)),
        delivery('failed', daysAgo(40)),
        delivery('delivered', daysAgo(35)),
        delivery('delivered', daysAgo(31)),
        delivery('pending', daysAgo(40)),
        delivery('delivered', daysAgo(29)),
        delivery('failed', daysAgo(1)),
      ]);

    // Other test files' deliveries are all recent, so the count here is this endpoint's.
    expect(await pruneWebhookDeliveries(deps.db, new Date(), 2)).toBeGreaterThanOrEqual(4);
    const left = await deps.db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id))
      .orderBy(webhookDeliveries.createdAt);
    expect(left.map((d) => d.status)).toEqual(['pending', 'delivered', 'failed']);
  });
});
