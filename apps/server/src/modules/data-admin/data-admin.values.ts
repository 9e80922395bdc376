import { ADMIN_MSG, fieldLabel, formatAmount, parseCents, parseUsDate } from '@dd/shared';
import type { AdminColumn } from './registry';

/**
 * Reads one field value for a column, from JSON (the instance form) or from CSV text (the batch upload):
 * the value to store, or the message a person reads. An empty text means "no value".
 */
export type Read = { ok: true; value: unknown } | { ok: false; message: string };

const INT_MAX = 2_147_483_647;
/** The model maker's decimals are numeric(18, 4): at most 14 digits before the point. */
const DECIMAL_WHOLE_DIGITS = 14;
const DECIMAL_PLACES = 4;
const ok = (value: unknown): Read => ({ ok: true, value });
const fail = (message: string): Read => ({ ok: false, message });

/** A typed or sent number as text, thousands separators dropped. */
const numberText = (raw: unknown) =>
  typeof raw === 'number'
    ? Number.isFinite(raw)
      ? String(raw)
      : ''
    : typeof raw === 'string'
      ? raw.trim().replace(/,/g, '')
      : '';

/**
 * A decimal is kept as its digits, never a float: money (a column of whole cents) as the amount the
 * product's services take ('0.30', at most two decimals), other decimals as the text PostgreSQL stores
 * exactly in numeric.
 */
function readDecimal(raw: unknown, column: AdminColumn, label: string): Read {
  if (column.cents) {
    const amount = parseCents(numberText(raw));
    return amount === null ? fail(ADMIN_MSG.notANumber(label)) : ok(formatAmount(amount));
  }
  // A JSON number is taken to the column's places, as numeric would round it ('0.30000000000000004' → '0.3000').
  const text =
    typeof raw === 'number' && Number.isFinite(raw) ? raw.toFixed(DECIMAL_PLACES) : numberText(raw);
  const match = /^-?(\d+)(?:\.\d+)?$/.exec(text);
  if (!match || match[1].replace(/^0+/, '').length > DECIMAL_WHOLE_DIGITS)
    return fail(ADMIN_MSG.notANumber(label));
  return ok(text);
}

function readInteger(raw: unknown, label: string): Read {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim().replace(/,/g, '')) : NaN;
  if (!Number.isFinite(n)) return fail(ADMIN_MSG.notANumber(label));
  if (!Number.isInteger(n) || Math.abs(n) > INT_MAX) return fail(ADMIN_MSG.notAWholeNumber(label));
  return ok(n);
}

function readBoolean(raw: unknown, label: string): Read {
  if (typeof raw === 'boolean') return ok(raw);
  const text = String(raw).trim().toLowerCase();
  if (['true', 'yes', '1'].includes(text)) return ok(true);
  if (['false', 'no', '0'].includes(text)) return ok(false);
  return fail(ADMIN_MSG.notABoolean(label));
}

/** yyyy-mm-dd, or mm/dd/yyyy as the product shows dates. */
function readDate(raw: unknown, label: string): Read {
  const text = String(raw).trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = iso ? parseUsDate(`${iso[2]}/${iso[3]}/${iso[1]}`) : parseUsDate(text);
  return date ? ok(date) : fail(ADMIN_MSG.notADate(label));
}

function readDateTime(raw: unknown, label: string): Read {
  const time = Date.parse(String(raw).trim());
  return Number.isNaN(time) ? fail(ADMIN_MSG.notADateTime(label)) : ok(new Date(time).toISOString());
}

export function readValue(column: AdminColumn, raw: unknown): Read {
  const label = fieldLabel(column.name);
  const empty = raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
  if (empty) return column.required ? fail(ADMIN_MSG.required(label)) : ok(null);
  switch (column.type) {
    case 'text':
    case 'longtext': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return fail(ADMIN_MSG.required(label));
      const text = String(raw);
      if (column.maxLength && text.length > column.maxLength)
        return fail(ADMIN_MSG.tooLong(label, column.maxLength));
      return ok(text);
    }
    case 'integer':
    case 'relation':
      return readInteger(raw, label);
    case 'decimal':
      return readDecimal(raw, column, label);
    case 'boolean':
      return readBoolean(raw, label);
    case 'date':
      return readDate(raw, label);
    case 'datetime':
      return readDateTime(raw, label);
  }
}
