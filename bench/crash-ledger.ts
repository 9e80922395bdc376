/**
 * The crash script's ledger: what the server promised, written down by the client the moment each answer
 * arrived, and checked against the database after every restart. A transaction guarantees its own rows;
 * only a ledger kept outside the server can tell that an answered write is still there after a crash,
 * and that a refused one never was.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/** A write the server answered with 2xx: it must be in the database from then on. */
export type Acknowledged =
  | { kind: 'order'; requestIds: number[] }
  | { kind: 'note'; noteId: number; requestId: number; text: string }
  | { kind: 'status'; requestId: number; status: string }
  | { kind: 'split'; requestId: number; copyIds: number[] }
  | { kind: 'billing'; billingId: number }
  | { kind: 'file'; url: string; requestId: number }
  | { kind: 'email'; name: string };

/** A write the server refused with 4xx, named by a marker of its own: it must never be stored. */
export type Refused =
  | { kind: 'note'; text: string }
  | { kind: 'billing'; title: string }
  | { kind: 'email'; name: string };

export interface LedgerCheck {
  acknowledged: number;
  refused: number;
  acknowledged_lost: Record<string, number>;
  refused_but_stored: Record<string, number>;
  requests_whose_status_is_not_their_last_status_note: number;
}

export class Ledger {
  readonly acknowledged: Acknowledged[] = [];
  readonly refused: Refused[] = [];
  /** Requests whose split got no answer (the server died): it may or may not have happened. */
  readonly maybeSplit = new Set<number>();

  /** A split whose answer never came: afterwards the original may be gone, replaced by copies unknown to us. */
  unanswered(entry: { kind: 'split'; requestId: number }) {
    this.maybeSplit.add(entry.requestId);
  }

  /**
   * Where a request's history lives now: a split deletes the original and its first copy takes over its
   * notes and files; later copies get copies of them. Undefined when an unanswered split may have moved it.
   */
  private currentHome(requestId: number): number | undefined {
    const split = this.acknowledged.find(
      (a): a is Extract<Acknowledged, { kind: 'split' }> => a.kind === 'split' && a.requestId === requestId,
    );
    if (split) return this.currentHome(split.copyIds[0]);
    return this.maybeSplit.has(requestId) ? undefined : requestId;
  }

  ack(entry: Acknowledged) {
    this.acknowledged.push(entry);
  }

  refuse(entry: Refused) {
    this.refused.push(entry);
  }

  /**
   * Every request the run made that must exist now: the split copies, not the originals they replaced,
   * nor a request an unanswered split may have replaced.
   */
  requestIds(): number[] {
    const splitAway = new Set(this.acknowledged.flatMap((a) => (a.kind === 'split' ? [a.requestId] : [])));
    return this.acknowledged
      .flatMap((a) => (a.kind === 'order' ? a.requestIds : a.kind === 'split' ? a.copyIds : []))
      .filter((id) => !splitAway.has(id) && !this.maybeSplit.has(id));
  }

  /** Checks every entry in a handful of set queries, so it can run after each of a hundred restarts. */
  async check(db: pg.Client, dataDir: string): Promise<LedgerCheck> {
    const of = <K extends Acknowledged['kind']>(kind: K) =>
      this.acknowledged.filter((a): a is Extract<Acknowledged, { kind: K }> => a.kind === kind);
    const refusedOf = <K extends Refused['kind']>(kind: K) =>
      this.refused.filter((r): r is Extract<Refused, { kind: K }> => r.kind === kind);
    // Records go in as one JSON array, so each check is one query whatever the ledger's length.
    const missing = async (sql: string, values: unknown[]): Promise<number> =>
      values.length === 0 ? 0 : Number((await db.query(sql, [JSON.stringify(values)])).rows[0].n);

    const requestIds = this.requestIds();
    const notes = of('note');
    const statuses = of('status').flatMap((s) => {
      const home = this.currentHome(s.requestId);
      return home === undefined ? [] : [{ ...s, requestId: home }];
    });
    const files = of('file');
    const storedFiles = new Set(
      (
        (await db.query('select url from files where url = any($1::text[])', [files.map((f) => f.url)]))
          .rows as { url: string }[]
      ).map((r) => r.url),
    );

    const lost = {
      requests: await missing(
        `select count(*)::int as n from jsonb_array_elements_text($1::jsonb) as x(id)
         where not exists (select 1 from requests r where r.id = x.id::int)`,
        requestIds,
      ),
      notes: await missing(
        `select count(*)::int as n from jsonb_to_recordset($1::jsonb) as x(id int, text text)
         where not exists (select 1 from notes n where n.id = x.id and n.text = x.text)`,
        notes.map((n) => ({ id: n.noteId, text: n.text })),
      ),
      status_changes: await missing(
        `select count(*)::int as n from jsonb_to_recordset($1::jsonb) as x(request int, status text)
         where not exists (select 1 from notes n where n.request_id = x.request and n.update_status = x.status)`,
        statuses.map((s) => ({ request: s.requestId, status: s.status })),
      ),
      billings: await missing(
        `select count(*)::int as n from jsonb_array_elements_text($1::jsonb) as x(id)
         where not exists (select 1 from billings b where b.id = x.id::int)`,
        of('billing').map((b) => b.billingId),
      ),
      files: files.filter((f) => !storedFiles.has(f.url) || !existsSync(path.join(dataDir, 'files', f.url)))
        .length,
      emails: await missing(
        `select count(*)::int as n from jsonb_array_elements_text($1::jsonb) as x(name)
         where not exists (select 1 from contact_messages c where c.name = x.name)`,
        of('email').map((e) => e.name),
      ),
    };
    const stored = {
      notes: await missing(
        'select count(*)::int as n from notes where text in (select jsonb_array_elements_text($1::jsonb))',
        refusedOf('note').map((r) => r.text),
      ),
      billings: await missing(
        'select count(*)::int as n from billings where title in (select jsonb_array_elements_text($1::jsonb))',
        refusedOf('billing').map((r) => r.title),
      ),
      emails: await missing(
        'select count(*)::int as n from contact_messages where name in (select jsonb_array_elements_text($1::jsonb))',
        refusedOf('email').map((r) => r.name),
      ),
    };
    const statusMismatch = await missing(
      `select count(*)::int as n from requests r
       where r.id in (select x::int from jsonb_array_elements_text($1::jsonb) x) and r.status is distinct from coalesce(
         (select n.update_status from notes n where n.request_id = r.id and n.update_status is not null
          order by n.created_at desc, n.id desc limit 1), r.status)`,
      requestIds,
    );
    return {
      acknowledged: this.acknowledged.length,
      refused: this.refused.length,
      acknowledged_lost: lost,
      refused_but_stored: stored,
      requests_whose_status_is_not_their_last_status_note: statusMismatch,
    };
  }
}

/** The number of broken promises a check found: what must stay 0. */
export function violations(check: LedgerCheck): number {
  return (
    Object.values(check.acknowledged_lost).reduce((a, b) => a + b, 0) +
    Object.values(check.refused_but_stored).reduce((a, b) => a + b, 0) +
    check.requests_whose_status_is_not_their_last_status_note
  );
}
