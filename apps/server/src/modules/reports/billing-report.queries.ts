import { addCents, BILLABLE_STATUSES, type BillingReport, centsOf, formatAmount } from '@dd/shared';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { companies, invoices, priceSettings, requests } from '../../db/schema';
import { statusFee } from '../billing/invoices.queries';

/**
 * The billing report: per law firm, the requests finished between two days (inclusive, read in the
 * caller's zone) with their fees (billed, or the status fee) and costs, summed in whole cents.
 */
export async function billingReport(
  db: DbOrTx,
  from: string,
  to: string,
  zone: string,
): Promise<BillingReport> {
  const finished = sql`coalesce(${requests.closedDate}, ${requests.completedDate})`;
  const rows = await queryRows<{
    company_id: number;
    law_firm: string;
    finished: number;
    fees: string;
    costs: string;
  }>(
    db,
    sql`select ${companies.id} as company_id, ${companies.name} as law_firm, count(*)::int as finished,
        sum(coalesce(b.billed, ${statusFee()}, 0)) as fees, sum(coalesce(c.costs, 0)) as costs
      from ${requests}
      join ${companies} on ${companies.id} = ${requests.companyId}
      join ${priceSettings} on ${priceSettings.id} = 1
      left join lateral (select sum(i.price) as billed from ${invoices} i
        where i.request_id = ${requests}.id and i.bill_id is not null) b on true
      left join lateral (select sum(i.provider_cost + i.page_fee + i.auto_added_surcharge) as costs
        from ${invoices} i where i.request_id = ${requests}.id) c on true
      where ${requests.active}
        and ${requests.status} in (${sql.join(
          BILLABLE_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
        and ${finished} >= (${from}::date::timestamp at time zone ${zone})
        and ${finished} < ((${to}::date + 1)::timestamp at time zone ${zone})
      group by ${companies.id}, ${companies.name}
      order by fees desc, ${companies.name}`,
  );
  // The sums are whole cents (bigint columns): added as cents, made dollars once at the end.
  const inCents = rows.map((r) => {
    const fees = centsOf(r.fees);
    const costs = centsOf(r.costs);
    return { r, fees, costs, total: addCents(fees, costs) };
  });
  const shaped = inCents.map(({ r, fees, costs, total }) => ({
    company_id: Number(r.company_id),
    law_firm: r.law_firm,
    finished: Number(r.finished),
    fees: formatAmount(fees),
    costs: formatAmount(costs),
    total: formatAmount(total),
  }));
  const sum = (key: 'fees' | 'costs' | 'total') => formatAmount(addCents(...inCents.map((r) => r[key])));
  return {
    from,
    to,
    rows: shaped,
    totals: {
      finished: shaped.reduce((n, r) => n + r.finished, 0),
      fees: sum('fees'),
      costs: sum('costs'),
      total: sum('total'),
    },
  };
}
