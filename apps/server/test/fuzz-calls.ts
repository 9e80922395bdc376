import { UPLOAD_BUCKETS } from '@dd/shared';
import type { AppDeps } from '../src/app-types';
import type { AccessRule } from '../src/authz';
import { PDF, PNG } from '../src/modules/files/files.test-utils';
import { type AccessFixtures, CALLERS, type Caller } from './access-fixtures';
import { ACCESS_MATRIX, type CallInput } from './access-matrix';
import {
  fieldAt,
  fieldPaths,
  HOSTILE,
  HOSTILE_PATH,
  type JsonSchema,
  type Random,
  REMOVE,
  validVariant,
  withField,
} from './fuzz-mutations';
import { VALID_CALLS } from './fuzz-valid-calls';

/**
 * The fuzzing suite's calls: a valid call of each route (the access matrix's input, or a valid one of
 * the suite's own where the matrix only checks a refusal), made by a caller the route's rule admits
 * (and now and then by any of the eight), then changed in one place at most.
 */
export interface Operation {
  key: string;
  method: string;
  /** The route as registered (`/api/home/request/:id/`). */
  url: string;
  access: AccessRule;
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
  multipart: boolean;
}

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };
export interface FuzzCall extends CallInput {
  parts?: Part[];
}

/** Who passes each route-level rule (authz/index.ts), by the fixtures' kinds of caller. */
const ADMITTED: Record<AccessRule, readonly Caller[]> = {
  public: CALLERS,
  authenticated: CALLERS.filter((c) => c !== 'anonymous'),
  internal: ['internalUser', 'internalStaff', 'internalAdmin'],
  internalStaff: ['internalStaff', 'internalAdmin'],
  companyStaff: ['firmStaff', 'otherStaff', 'internalStaff', 'internalAdmin'],
  internalAdmin: ['internalAdmin'],
  firmStaff: ['firmStaff', 'otherStaff'],
};

/** Routes whose body is multipart: a valid upload of each, in parts a mutation can change. */
const MULTIPART: Record<string, (fx: AccessFixtures) => Part[]> = {
  'POST /api/photoUpload/': () => [
    { name: 'files[]', filename: 'report.pdf', content: PDF },
    { name: 'name', value: 'report.pdf' },
    { name: 'bucket_name', value: 'hipaa-forms' },
  ],
  'POST /api/modelWebsite/image/': () => [{ name: 'file', filename: 'photo.png', content: PNG }],
};

export function operationsOf(
  routes: { method: string; url: string; access: AccessRule | undefined }[],
  doc: { paths: Record<string, Record<string, Record<string, unknown>>> },
): Operation[] {
  const out: Operation[] = [];
  for (const route of routes) {
    if (route.method === 'HEAD' || !route.access) continue;
    const key = `${route.method} ${route.url}`;
    const documented = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
    const parameters = (documented?.parameters ?? []) as { in: string; name: string; schema?: JsonSchema }[];
    const content = (documented?.requestBody as { content?: Record<string, { schema?: JsonSchema }> })
      ?.content;
    out.push({
      key,
      method: route.method,
      url: route.url,
      access: route.access,
      query: Object.fromEntries(
        parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
      ),
      body: content?.['application/json']?.schema,
      multipart: key in MULTIPART,
    });
  }
  return out;
}

/**
 * Mostly a caller the rule admits; one call in eight from any of the eight kinds. The route's valid call
 * (`admitted`) always comes from an admitted caller: otherwise a route whose every changed call fails
 * validation went unreached whenever the seed picked a refused caller for it (adding a route shifts every
 * later route's seed). The draws are the same either way.
 */
export function chooseCaller(rng: Random, op: Operation, admitted = false): Caller {
  const anyone = rng.chance(1 / 8);
  return anyone && !admitted ? rng.pick(CALLERS) : rng.pick(ADMITTED[op.access]);
}

export async function validCall(
  op: Operation,
  fx: AccessFixtures,
  caller: Caller,
  deps: AppDeps,
): Promise<FuzzCall> {
  const own = VALID_CALLS[op.key];
  const input = (await (own ? own(fx, caller, deps) : ACCESS_MATRIX[op.key]?.input?.(fx, caller))) ?? {};
  const parts = MULTIPART[op.key]?.(fx);
  return parts ? { ...input, parts } : input;
}

/** One change to a valid call, named for the report. */
export function mutate(
  rng: Random,
  op: Operation,
  call: FuzzCall,
  ids: number[],
): { call: FuzzCall; mutation: string } {
  const roll = rng.next();
  if (roll < 0.3) return { call, mutation: 'none' };
  const kinds: string[] = [];
  if (call.body !== undefined && typeof call.body === 'object') kinds.push('body', 'body', 'body');
  if (call.parts) kinds.push('part', 'part');
  if (call.query || Object.keys(op.query).length) kinds.push('query');
  if (call.params && Object.keys(call.params).length) kinds.push('path');
  if (!kinds.length) return { call, mutation: 'none' };
  const kind = rng.pick(kinds);
  // Six in ten changes keep to the schema: they reach the handler with a value it has not seen.
  let keep = rng.chance(0.6);
  if (kind === 'path') {
    const name = rng.pick(Object.keys(call.params!));
    const value = keep ? rng.pick(ids) : rng.pick(HOSTILE_PATH);
    return { call: { ...call, params: { ...call.params, [name]: value } }, mutation: `path ${name}` };
  }
  if (kind === 'query') {
    const query = new URLSearchParams(call.query ?? '');
    const names = [...new Set([...query.keys(), ...Object.keys(op.query)])];
    const known = names.length > 0 && rng.chance(0.9);
    const name = known ? rng.pick(names) : 'unknown_parameter';
    keep &&= known;
    const current = query.get(name) ?? undefined;
    const value = keep
      ? validVariant(rng, current && /^\d+$/.test(current) ? Number(current) : current, op.query[name], ids)
      : rng.pick(HOSTILE);
    query.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
    return { call: { ...call, query: query.toString() }, mutation: `query ${name}${keep ? '' : ' (bad)'}` };
  }
  if (kind === 'part') return mutatePart(rng, call, keep);
  const fields = fieldPaths(call.body, op.body);
  if (!fields.length || rng.chance(0.1)) {
    const extra = rng.pick(['extra', '__proto__', 'constructor', 'id', 'company_id']);
    return {
      call: { ...call, body: { ...(call.body as object), [extra]: rng.pick(HOSTILE) } },
      mutation: 'body extra field',
    };
  }
  const field = rng.pick(fields);
  const label = `body ${field.path.join('.')}`;
  if (rng.chance(0.1))
    return {
      call: { ...call, body: withField(call.body, field.path, REMOVE) },
      mutation: `${label} removed`,
    };
  const value = keep
    ? validVariant(rng, fieldAt(call.body, field.path), field.schema, ids)
    : rng.pick(HOSTILE);
  return {
    call: { ...call, body: withField(call.body, field.path, value) },
    mutation: `${label}${keep ? '' : ' (bad)'}`,
  };
}

function mutatePart(rng: Random, call: FuzzCall, keep: boolean): { call: FuzzCall; mutation: string } {
  const parts = [...call.parts!];
  const index = rng.int(0, parts.length - 1);
  const part = parts[index];
  if (!keep && rng.chance(0.3)) {
    parts.splice(index, 1);
    return { call: { ...call, parts }, mutation: `part ${part.name} removed` };
  }
  if ('filename' in part) {
    const bad = [Buffer.from('MZ\x90\x00 not a document'), Buffer.alloc(0), Buffer.from('%PDF-')];
    const names = ['scan 2.pdf', 'Zoë’s records.PDF', '../../etc/passwd', 'a\u0000b.pdf', 'x'.repeat(400)];
    parts[index] = keep
      ? { ...part, filename: rng.pick(names.slice(0, 2)) }
      : rng.chance(0.5)
        ? { ...part, content: rng.pick(bad) }
        : { ...part, filename: rng.pick(names) };
  } else {
    parts[index] = {
      ...part,
      value: keep ? rng.pick([...UPLOAD_BUCKETS, part.value]) : String(rng.pick(HOSTILE)),
    };
  }
  return { call: { ...call, parts }, mutation: `part ${part.name}${keep ? '' : ' (bad)'}` };
}
