import { randomUUID } from 'node:crypto';
import { STATIC_MODELS } from '../src/modules/data-admin/registry';
import type { AccessFixtures } from './access-fixtures';
import { id, type MatrixRow } from './access-matrix-kit';

/** Access matrix rows: data administration, model maker and disk usage. */
const ADMIN = '401 403 403 403 403 403 403 200';
const STAFF = '401 403 403 403 403 403 200 200';
const EVERYONE = '200 200 200 200 200 200 200 200';
/** A host listing is its owner's alone (the firm member owns the fixture's). */
const OWNER = '401 200 404 404 404 404 404 404';
const provider = { app: 'home', model: 'provider' };
const template = { app: 'home', model: 'notetemplate' };
const freshConfig = async (fx: AccessFixtures) => ({ params: id((await fx.freshModelConfig()).id) });
const configBody = () => ({
  name: `Access ${randomUUID()
    .replace(/[^a-z]/g, '')
    .slice(0, 10)}`,
  data: {},
});

/** Our screens' calls under /api/admin/. */
const MODEL_ROWS: Record<string, MatrixRow> = {
  'GET /api/admin/:app/:model/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: () => ({ params: provider }),
  },
  'GET /api/admin/:app/:model/fields/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: () => ({ params: provider }),
  },
  'GET /api/admin/:app/:model/:id/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: (fx) => ({ params: { ...provider, id: fx.provider.id } }),
  },
  'POST /api/admin/:app/:model/': {
    access: 'internalAdmin',
    expect: '401 403 403 403 403 403 403 201',
    input: () => ({ params: template, body: { name: 'Access', text: 'Called.' } }),
  },
  'POST /api/admin/:app/:model/:id/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: async (fx) => ({
      params: { ...provider, id: (await fx.freshProvider()).id },
      body: { city: 'Austin' },
    }),
  },
  'POST /api/admin/:app/:model/:id/delete/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: async (fx) => ({ params: { ...template, id: (await fx.freshNoteTemplate()).id } }),
  },
};

/**
 * The spec's /api/{app}/{model}/ paths, where no product route answers first: notes have no generic
 * list of their own; every writable model has product routes, so a write here reaches a read-only model.
 */
const note = { app: 'home', model: 'note' };
const READ_ONLY = '401 403 403 403 403 403 403 403';
const SPEC_ROWS: Record<string, MatrixRow> = {
  'GET /api/:app/:model/': { access: 'internalAdmin', expect: ADMIN, input: () => ({ params: note }) },
  'GET /api/:app/:model/fields/': {
    access: 'internalAdmin',
    expect: '401 403 403 403 403 403 403 404',
    note: "the registry's models answer on fixed paths (below); this one is for custom models",
    input: () => ({ params: { app: 'custom', model: 'none' } }),
  },
  'GET /api/:app/:model/:id/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: (fx) => ({ params: { ...note, id: fx.note.id } }),
  },
  'POST /api/:app/:model/': {
    access: 'internalAdmin',
    expect: READ_ONLY,
    note: 'notes are read-only in the data administration',
    input: () => ({ params: note, body: { text: 'x' } }),
  },
  'POST /api/:app/:model/:id/': {
    access: 'internalAdmin',
    expect: READ_ONLY,
    note: 'notes are read-only in the data administration',
    input: (fx) => ({ params: { ...note, id: fx.note.id }, body: { text: 'x' } }),
  },
  'POST /api/:app/:model/:id/delete/': {
    access: 'internalAdmin',
    expect: READ_ONLY,
    note: 'notes are not deleted from the data administration',
    input: (fx) => ({ params: { ...note, id: fx.note.id } }),
  },
};

const fieldRows = Object.fromEntries(
  STATIC_MODELS.map((m) => [
    `GET /api/${m.app}/${m.model}/fields/`,
    { access: 'internalAdmin', expect: ADMIN },
  ]),
) as Record<string, MatrixRow>;

export const ADMIN_ROWS: Record<string, MatrixRow> = {
  'GET /api/getApps/': { access: 'internalAdmin', expect: ADMIN },
  'GET /api/getModels/:app/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: () => ({ params: { app: 'home' } }),
  },
  'GET /api/admin/:app/:model/model/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: () => ({ params: provider }),
  },
  'POST /api/admin/:app/:model/csv/': {
    access: 'internalAdmin',
    expect: ADMIN,
    note: 'a preview: nothing is written',
    input: () => ({ params: template, body: { csv: 'name,text\nAccess,Called.' } }),
  },
  ...MODEL_ROWS,
  ...SPEC_ROWS,
  ...fieldRows,
  'GET /api/modelConfig/': { access: 'internalAdmin', expect: ADMIN },
  'POST /api/modelConfig/': { access: 'internalAdmin', expect: ADMIN, input: () => ({ body: configBody() }) },
  'POST /api/modelConfig/:id/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: async (fx) => ({ ...(await freshConfig(fx)), body: configBody() }),
  },
  'GET /api/modelConfig/:id/plan/': { access: 'internalAdmin', expect: ADMIN, input: freshConfig },
  'POST /api/modelConfig/:id/apply/': { access: 'internalAdmin', expect: ADMIN, input: freshConfig },
  'POST /api/modelConfig/:id/delete/': { access: 'internalAdmin', expect: ADMIN, input: freshConfig },
  'POST /stripe/': {
    access: 'authenticated',
    expect: '401 404 403 403 403 403 403 403',
    note: 'a subscription is for the caller only (user_id is the firm member here); no payment keys in this suite',
    input: (fx) => ({ body: { token: 'tok_access', user_id: fx.member.id, plan_id: 'price_listing' } }),
  },
  'POST /api/stripe/webhook/': {
    access: 'public',
    expect: '404 404 404 404 404 404 404 404',
    note: 'signed by the payment provider (payments.test.ts); without payment keys it answers 404',
    input: () => ({ body: { id: 'evt_access', type: 'payment_intent.succeeded' } }),
  },
  'GET /api/home/crashpad/': { access: 'authenticated', expect: '401 200 200 200 200 200 200 200' },
  'GET /api/home/crashpad/:id/': {
    access: 'authenticated',
    expect: OWNER,
    input: async (fx) => ({ params: id((await fx.freshCrashpad()).id) }),
  },
  'POST /api/home/crashpad/': {
    access: 'authenticated',
    expect: '401 201 201 201 201 201 201 201',
    input: () => ({ body: { title: 'Access listing' } }),
  },
  'POST /api/home/crashpad/:id/': {
    access: 'authenticated',
    expect: OWNER,
    input: async (fx) => ({ params: id((await fx.freshCrashpad()).id), body: { title: 'Renamed' } }),
  },
  'POST /api/home/crashpad/:id/delete/': {
    access: 'authenticated',
    expect: OWNER,
    input: async (fx) => ({ params: id((await fx.freshCrashpad()).id), body: {} }),
  },
  'GET /metrics': {
    access: 'public',
    expect: '404 404 404 404 404 404 404 404',
    note: 'for a Prometheus scraper with METRICS_TOKEN (metrics.test.ts); unset in this suite, so it answers 404',
  },
  'GET /api/geocode/': {
    access: 'authenticated',
    expect: '401 404 404 404 404 404 404 404',
    note: 'no geocoder is configured in the tests: the field stays a plain address',
    input: () => ({ query: 'q=102%20N%20Cascade%20Ave' }),
  },
  'GET /api/docs/': { access: 'public', expect: EVERYONE },
  'GET /api/docs/docs.js': { access: 'public', expect: EVERYONE },
  'GET /api/docs/:file': {
    access: 'public',
    expect: EVERYONE,
    input: () => ({ params: { file: 'swagger-ui.css' } }),
  },
  'GET /api/home/diskusage/': { access: 'internalStaff', expect: STAFF },
  'POST /api/home/diskusage/': { access: 'internalAdmin', expect: '401 403 403 403 403 403 403 201' },
};
