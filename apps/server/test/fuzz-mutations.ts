import { createRandom, type Random } from '../src/db/seed/random';

/**
 * One mutation of a valid call: a field of the body, a query parameter or a path id changed, dropped or
 * added, with a value that either keeps to the field's schema (the OpenAPI document the Zod schemas
 * produce) or breaks it. A seeded generator, so a run is repeated by its seed.
 */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};

/** The demo data's seeded PRNG (mulberry32), so a fuzz seed replays the same calls. */
export const randomSource = createRandom;
export type { Random };

export const HOSTILE: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  2147483648,
  1e308,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  'x'.repeat(20_000),
  'a\u0000b',
  '\u202e\u200b\ufeff',
  '😀'.repeat(300),
  "'; drop table users; --",
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  [],
  [[[]]],
  {},
  { nested: { deeper: { deepest: [1, { a: null }] } } },
];
export const HOSTILE_PATH = [
  '0',
  '-1',
  '2147483648',
  '99999999999',
  'abc',
  '1.5',
  '%00',
  '%2e%2e%2f',
  'a%20b',
];

const WORDS = ['Smith', 'Ōsaka clinic', 'Zoë', "O'Brien", 'façade', '李', 'Test 123', 'MRI—2024', 'a'];

/**
 * Numbers no mutation makes up: the fuzzing callers' user ids (the suite fills it), since ids of every
 * table share small numbers, and a made-up id in a user route would delete the caller itself.
 */
export const NEVER_GENERATED = new Set<number>();

/** A value of the same kind as `current` that the schema (when known) still accepts. */
export function validVariant(
  rng: Random,
  current: unknown,
  schema: JsonSchema | undefined,
  ids: number[],
): unknown {
  const alternatives = schema?.anyOf ?? schema?.oneOf;
  if (alternatives?.length) {
    if (alternatives.some((s) => s.type === 'null') && rng.chance(0.2)) return null;
    const same = alternatives.find((s) => typeOf(s) === jsonType(current)) ?? alternatives[0];
    return validVariant(rng, current, same, ids);
  }
  if (schema?.enum?.length) return rng.pick(schema.enum);
  switch (typeOf(schema) ?? jsonType(current)) {
    case 'boolean':
      return !current;
    case 'integer':
    case 'number': {
      const n = Number(current ?? 1);
      if (ids.includes(n) || (Number.isInteger(n) && n > 0 && rng.chance(0.5))) return rng.pick(ids);
      const min = schema?.minimum ?? 0;
      const max = Math.min(schema?.maximum ?? 10_000, min + 10_000);
      if (!Number.isInteger(n)) return Math.round((min + rng.next() * (max - min)) * 100) / 100;
      let value = rng.int(min, max);
      while (NEVER_GENERATED.has(value)) value += 1;
      return value;
    }
    case 'string':
      return stringVariant(rng, String(current ?? ''), schema);
    case 'array': {
      const list = Array.isArray(current) ? [...current] : [];
      const max = schema?.maxItems ?? 20;
      if (list.length > (schema?.minItems ?? 0) && (list.length >= max || rng.chance(0.5))) list.pop();
      else if (list.length) list.push(list[rng.int(0, list.length - 1)]);
      return list;
    }
    default:
      return current;
  }
}

/** Values for the patterns the route schemas use; anything the pattern refuses keeps the valid value. */
function stringVariant(rng: Random, current: string, schema: JsonSchema | undefined): string {
  const value = freeStringVariant(rng, current, schema);
  if (!schema?.pattern) return value;
  const pattern = new RegExp(schema.pattern, 'u');
  const letters = () => rng.pick(['Records', 'Smith', 'abc', 'Zed']);
  const candidates = [
    value,
    `${rng.int(1990, 2025)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`,
    letters(),
    `${letters().toLowerCase()}_${rng.int(1, 99)}`,
    `${rng.int(0, 999)}.${pad(rng.int(0, 99))}`,
    `${letters()} ${rng.int(1, 99)}`,
    'tok_visa',
    `${rng.int(1, 99)},${rng.int(1, 99)}`,
  ];
  return candidates.find((c) => pattern.test(c)) ?? current;
}

function freeStringVariant(rng: Random, current: string, schema: JsonSchema | undefined): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(current) || schema?.format === 'date')
    return `${rng.int(1990, 2025)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
  if (current.includes('@') || schema?.format === 'email') return `fuzz.${rng.int(1, 1e6)}@example.com`;
  if (/^\d+$/.test(current)) return String(rng.int(1, 99999));
  // A storage key or path: keep it (a changed key is only "no upload of yours").
  if (current.includes('/') && rng.chance(0.5)) return current;
  const min = schema?.minLength ?? 1;
  const max = schema?.maxLength ?? 200;
  let value = `${rng.pick(WORDS)} ${rng.int(1, 9999)}`;
  if (rng.chance(0.2)) value = value.repeat(rng.int(2, 8));
  value = value.slice(0, max);
  return value.length >= min ? value : value.padEnd(min, 'x');
}

const pad = (n: number) => String(n).padStart(2, '0');

function jsonType(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeOf(schema: JsonSchema | undefined): string | undefined {
  return Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
}

/** Every place in a JSON value a mutation may touch, with the schema that describes it (when known). */
export function fieldPaths(value: unknown, schema: JsonSchema | undefined, prefix: (string | number)[] = []) {
  const out: { path: (string | number)[]; schema?: JsonSchema }[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push({ path: [...prefix, i], schema: schema?.items });
      out.push(...fieldPaths(item, schema?.items, [...prefix, i]));
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const inner =
        schema?.properties?.[key] ??
        (schema?.anyOf ?? schema?.oneOf)?.find((s) => s.properties?.[key])?.properties?.[key];
      out.push({ path: [...prefix, key], schema: inner });
      out.push(...fieldPaths(item, inner, [...prefix, key]));
    }
  }
  return out;
}

/** A deep copy of `value` with the field at `path` set to `next` (or removed when `next` is REMOVE). */
export const REMOVE = Symbol('remove');
export function withField(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (!path.length) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length || next !== REMOVE) copy[head as number] = withField(copy[head as number], rest, next);
    else copy.splice(head as number, 1);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (!rest.length && next === REMOVE) delete copy[head];
  else copy[head] = withField(copy[head], rest, next);
  return copy;
}

export function fieldAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], value);
}
