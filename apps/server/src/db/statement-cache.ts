import type pg from 'pg';

/**
 * Each PostgreSQL connection keeps the app's statements prepared, as pgx and the JDBC driver do: the first
 * run of a statement text on a connection parses it under a name, later runs send only the name and the
 * values. PostgreSQL then skips parsing, and for a statement whose plan does not depend on its values it
 * soon plans once (a generic plan) instead of on every call. A note written by staff runs nine statements:
 * sent unnamed, they cost PostgreSQL 5–6 ms of CPU, prepared 2–3 ms (decision 074).
 *
 * Left unnamed, so planned afresh on every call with the values it has:
 * - a read that orders, groups, counts, limits or searches text: its best plan depends on its values (a
 *   firm of 100,000 requests or of 10, a common client name or a rare one), and lists keep theirs;
 * - statements without values, and anything past the first STATEMENTS_PER_CONNECTION texts, so a
 *   connection's prepared statements stay bounded (a statement is never dropped, so nothing races).
 */
export const STATEMENTS_PER_CONNECTION = 300;

const READ = /^\s*(select|with)\b/i;
const PLANNED_PER_CALL = /\b(?:order by|group by|limit|i?like|similarity)\b|\bcount\(|%/i;

export function preparesOnItsOwn(text: string): boolean {
  return !(READ.test(text) && PLANNED_PER_CALL.test(text));
}

interface QueryConfig {
  submit?: unknown;
  text?: string;
  name?: string;
  values?: unknown[];
}

/** Makes `client` name (prepare) the statements it sends, per the rules above. */
export function keepStatementsPrepared(client: pg.ClientBase): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const statement = (typeof config === 'string' ? { text: config } : config) as QueryConfig | null;
    const text = statement?.text;
    const withValues = Array.isArray(values) ? values.length > 0 : (statement?.values?.length ?? 0) > 0;
    const plain = typeof statement === 'object' && typeof statement?.submit !== 'function';
    if (!plain || !text || statement?.name || !withValues) return query(config, values, callback);
    // A statement already named skips the rules: reading a long text with them costs more than the look-up.
    let name = names.get(text);
    if (!name && names.size < STATEMENTS_PER_CONNECTION && preparesOnItsOwn(text)) {
      name = `dd_${names.size + 1}`;
      names.set(text, name);
    }
    return query(name ? { ...statement, name } : config, values, callback);
  };
}
