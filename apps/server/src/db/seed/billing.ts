import { automaticSurcharge, cents, isOpenStatus, STATUS } from '@dd/shared';
import type { Tx } from '../client';
import { billings, invoices } from '../schema';
import type { InsertedRequest } from './documents';
import type { SeedFirm } from './people';
import { addDays } from './random';

/** Invoice lines for finished requests and, per law firm, a paid older billing and an unpaid recent one. */
export const DEMO_FEES = {
  completedDocumentsArrived: cents(3500),
  completedDocumentsUnavailable: cents(2500),
  closedDocumentsArrived: cents(3500),
  closedDocumentsUnavailable: cents(2500),
  cancelled: cents(1000),
  rush: cents(700),
  closedOriginallyNoDocument: cents(3500),
};

export async function insertBilling(
  tx: Tx,
  now: Date,
  firms: SeedFirm[],
  inserted: InsertedRequest[],
): Promise<number> {
  const finished = inserted.filter((r) => !isOpenStatus(r.plan.values.status!));
  const invoicedAt = (r: InsertedRequest) => r.plan.values.completedDate ?? r.plan.values.closedDate!;
  const month = (d: Date) => d.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

  const paidCutoff = addDays(now, -60);
  const openCutoff = addDays(now, -30);
  const billingValues = firms.flatMap((firm) => [
    {
      firm,
      paid: true,
      title: `${firm.name} - through ${month(paidCutoff)}`,
      createdAt: addDays(paidCutoff, 2),
    },
    { firm, paid: false, title: `${firm.name} - ${month(openCutoff)}`, createdAt: addDays(openCutoff, 2) },
  ]);
  const billingRows = await tx
    .insert(billings)
    .values(
      billingValues.map((b) => ({
        title: b.title,
        companyId: b.firm.id,
        isPaid: b.paid,
        paidAt: b.paid ? addDays(b.createdAt, 12) : null,
        createdAt: b.createdAt,
      })),
    )
    .returning({ id: billings.id, title: billings.title });
  const billFor = (firm: SeedFirm, at: Date) => {
    if (at >= openCutoff) return null;
    const wanted = billingValues.find((b) => b.firm.id === firm.id && b.paid === at < paidCutoff)!;
    return { ...wanted, id: billingRows.find((r) => r.title === wanted.title)!.id };
  };

  if (finished.length === 0) return 0;
  await tx.insert(invoices).values(
    finished.map((r) => {
      const { values, firm } = r.plan;
      const at = invoicedAt(r);
      const bill = billFor(firm, at);
      const providerCost = values.providerCost ?? cents(0);
      return {
        requestId: r.id,
        companyId: firm.id,
        price: values.status === STATUS.cancelled ? DEMO_FEES.cancelled : values.price!,
        providerCost,
        pageFee: values.pageFee ?? cents(0),
        autoAddedSurcharge: firm.autoSurcharge ? automaticSurcharge(providerCost) : cents(0),
        isPaid: bill?.paid ?? false,
        paidAt: bill?.paid ? addDays(bill.createdAt, 12) : null,
        billId: bill?.id ?? null,
        createdAt: at,
      };
    }),
  );
  return finished.length;
}
