import { automaticSurcharge, type Cents, cents } from '@dd/shared';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { RequestKey } from '../requests/requests.ref';
import { insertLine, lastLine, requestForLine, setLineCosts } from './invoice-lines.queries';

/** The one rule for writing a request's invoice line, used by the requisition form and the invoice screen. */
export interface LineAmounts {
  providerCost: Cents;
  /** Set by an administrator; otherwise the automatic surcharge of a flagged company. */
  surcharge?: Cents;
  pageFee?: Cents;
}

/**
 * Writes the request's current line: the last line while it is not billed, else a new one (which
 * carries costs only: the fee was billed with the earlier line). The caller holds the request's row
 * lock, so a billing of the same company waits or has already frozen the line.
 */
export async function writeCurrentLine(tx: DbOrTx, key: RequestKey, amounts: LineAmounts): Promise<number> {
  const request = await requestForLine(tx, key);
  if (!request) throw notFound();
  const values = {
    providerCost: amounts.providerCost,
    pageFee: amounts.pageFee ?? request.pageFee,
    autoAddedSurcharge:
      amounts.surcharge ?? (request.flagged ? automaticSurcharge(amounts.providerCost) : cents(0)),
  };
  const last = await lastLine(tx, key);
  if (last && last.billId === null) {
    await setLineCosts(tx, { id: last.id, companyId: key.companyId }, values);
    return last.id;
  }
  return insertLine(tx, {
    ...values,
    requestId: key.id,
    companyId: key.companyId,
    price: last ? cents(0) : request.price,
  });
}
