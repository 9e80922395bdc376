import { SELECT_LABEL_CUT, SELECT_LABEL_MAX } from './constants';
import { type Cents, parseAmount } from './money';

/** Display formats: dates mm/dd/yyyy, money with two decimals and thousands separators. */
export function truncateLabel(label: string): string {
  return label.length > SELECT_LABEL_MAX ? `${label.slice(0, SELECT_LABEL_CUT)}...` : label;
}

/**
 * The one way money is shown: '$1,234,567.89' ('1,234,567.89' without the sign). It takes whole cents, or
 * an amount as the API sends it ('38.00', read with parseAmount); nothing shows $0.00. Made from the
 * integer, so no amount is ever rounded through a float.
 */
export function formatMoney(amount: Cents | string | null | undefined, withSign = true): string {
  const value =
    amount === null || amount === undefined ? 0 : typeof amount === 'string' ? parseAmount(amount) : amount;
  const whole = Math.trunc(Math.abs(value) / 100).toLocaleString('en-US');
  const fraction = String(Math.abs(value) % 100).padStart(2, '0');
  return `${value < 0 ? '-' : ''}${withSign ? '$' : ''}${whole}.${fraction}`;
}

/** ISO date or timestamp -> mm/dd/yyyy (empty for nothing). Date-only strings are not shifted by time zone. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
    if (m) return `${m[2].padStart(2, '0')}/${m[3].padStart(2, '0')}/${m[1]}`;
  }
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return `${mm}/${dd}/${d.getFullYear()}`;
}

/** A timestamp's time of day in the viewer's zone: '2:05 PM'. */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/** Parses mm/dd/yyyy (1-2 digit month and day) to YYYY-MM-DD, or undefined when it is not a real date. */
export function parseUsDate(text: string): string | undefined {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!m) return undefined;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return undefined;
  }
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The request form's date rule: year (4 digits), month and day (1-2 digits), dash separated. */
export function isDashDate(value: string): boolean {
  return /^\d{4}-\d{1,2}-\d{1,2}$/.test(value);
}
