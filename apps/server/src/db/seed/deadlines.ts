import { clockFromHistory, deadlineFor, type LegalBasis, stateTimeZone, todayIn } from '@dd/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import type { InsertedRequest } from './documents';

/**
 * The demo requests' legal clocks, from their planned status notes by the same rules the app applies at
 * every status change (requests.deadline.ts). Every fourth request asks under the client's own right of
 * access, so the demo shows more than one rule.
 */
export async function setDemoDeadlines(tx: Tx, inserted: InsertedRequest[]): Promise<void> {
  const values = inserted.map(({ id, plan }, i) => {
    const basis: LegalBasis = i % 4 === 0 ? 'patient_access' : 'authorization';
    const zone = stateTimeZone(plan.provider.state);
    const clock = clockFromHistory(
      plan.timeline.notes.map((n) => ({ status: n.updateStatus, on: todayIn(zone, n.createdAt) })),
    );
    const deadline =
      clock && deadlineFor({ ...clock, basis, state: plan.provider.state, providerKind: plan.provider.kind });
    return sql`(${id}::int, ${basis}::text, ${deadline?.due ?? null}::date, ${deadline?.rule.id ?? null}::text)`;
  });
  if (!values.length) return;
  await tx.execute(sql`
    update requests set legal_basis = v.basis, due_date = v.due, deadline_rule = v.rule
    from (values ${sql.join(values, sql`, `)}) as v(id, basis, due, rule)
    where requests.id = v.id`);
}
