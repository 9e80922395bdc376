import { clientForm, id, type MatrixRow, unique } from './access-matrix-kit';

/** Access matrix rows: health, accounts, the firm dashboard, clients and providers. */
export const ACCOUNT_ROWS: Record<string, MatrixRow> = {
  // Health, sign-in and accounts: public routes answer every caller alike (bad input stays 400).
  'GET /healthz': { access: 'public', expect: '200 200 200 200 200 200 200 200' },
  'GET /readyz': { access: 'public', expect: '200 200 200 200 200 200 200 200' },
  'POST /users/token/': {
    access: 'public',
    expect: '400 400 400 400 400 400 400 400',
    input: () => ({ body: {} }),
  },
  'POST /users/token/refresh/': {
    access: 'public',
    expect: '400 400 400 400 400 400 400 400',
    input: () => ({ body: {} }),
  },
  'POST /users/token/revoke/': {
    access: 'public',
    expect: '200 200 200 200 200 200 200 200',
    endsSession: true,
  },
  'POST /users/userCheck/': {
    access: 'public',
    expect: '400 400 400 400 400 400 400 400',
    input: () => ({ body: {} }),
  },
  'POST /users/resetPassword/:user_id/': {
    access: 'public',
    expect: '400 400 400 400 400 400 400 400',
    input: (fx) => ({ params: { user_id: fx.member.id }, body: {} }),
  },
  'GET /users/user/': { access: 'authenticated', expect: '401 200 200 200 200 200 200 200' },
  'POST /users/timezone/': {
    access: 'authenticated',
    expect: '401 200 200 200 200 200 200 200',
    note: "the caller's own zone only",
    input: () => ({ body: { timezone: 'America/Denver' } }),
  },
  'POST /users/deadline_digest/': {
    access: 'authenticated',
    expect: '401 200 200 200 200 403 403 403',
    note: "the caller's own choice; law firm users only",
    input: () => ({ body: { weekly_deadline_digest: true } }),
  },
  'GET /api/csrfmiddlewaretoken/': { access: 'public', expect: '200 200 200 200 200 200 200 200' },
  'GET /api/ip/': { access: 'authenticated', expect: '401 200 200 200 200 200 200 200' },
  'POST /users/signup/': {
    access: 'public',
    expect: '400 400 400 400 400 400 400 400',
    input: () => ({ body: {} }),
  },
  'POST /users/confirmEmail/': {
    access: 'public',
    expect: '400 400 400 400 400 400 400 400',
    input: () => ({ body: {} }),
  },
  'POST /users/confirmEmail/resend/': {
    access: 'authenticated',
    expect: '401 400 400 400 400 400 400 400',
    note: '400: already confirmed',
  },
  'POST /api/email/': {
    access: 'public',
    expect: '400 400 400 400 400 400 400 400',
    input: () => ({ body: {} }),
  },
  'GET /api/email/outbox/': { access: 'internalStaff', expect: '401 403 403 403 403 403 200 200' },
  // Roles and permissions: internal administrators only.
  'GET /api/user/roles/': { access: 'internalAdmin', expect: '401 403 403 403 403 403 403 200' },
  'POST /api/user/roles/': {
    access: 'internalAdmin',
    expect: '401 403 403 403 403 403 403 201',
    input: () => ({ body: { name: unique('Role'), permissions: [] } }),
  },
  'POST /api/user/roles/:id/': {
    access: 'internalAdmin',
    expect: '401 403 403 403 403 403 403 404',
    note: 'a role that does not exist',
    input: () => ({ params: id(999_999_999), body: { name: unique('Role'), permissions: [] } }),
  },
  'POST /api/user/roles/:id/delete/': {
    access: 'internalAdmin',
    expect: '401 403 403 403 403 403 403 404',
    note: 'a role that does not exist',
    input: () => ({ params: id(999_999_999), body: {} }),
  },
  'POST /api/user/user/:id/role/': {
    access: 'internalAdmin',
    expect: '401 403 403 403 403 403 403 400',
    note: 'a firm member cannot hold a role',
    input: (fx) => ({ params: id(fx.member.id), body: { role_id: null } }),
  },
  'POST /api/email/outbox/:id/resend/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 404 404',
    note: 'an e-mail that does not exist',
    input: () => ({ params: { id: 999_999_999 }, body: {} }),
  },
  'GET /api/settings/': { access: 'public', expect: '200 200 200 200 200 200 200 200' },
  'GET /api/openapi.json': { access: 'public', expect: '200 200 200 200 200 200 200 200' },

  // Firm dashboard, called with the target firm's id.
  'GET /api/requests-company/:company_id/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 200 200 200',
    input: (fx) => ({ params: { company_id: fx.company.id } }),
  },
  'GET /api/download-request/:company_id/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 200 200 200',
    input: (fx) => ({ params: { company_id: fx.company.id } }),
  },
  'GET /api/download-request/': { access: 'authenticated', expect: '401 200 200 200 200 200 200 200' },
  'GET /api/download-records/:company_id/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 200 200 200',
    input: (fx) => ({ params: { company_id: fx.company.id }, query: `client=${fx.patient.id}` }),
  },
  'GET /api/dashboard-info/:company_id/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 200 200 200',
    input: (fx) => ({ params: { company_id: fx.company.id } }),
  },

  // Clients (patients).
  'GET /api/home/patient/': {
    access: 'authenticated',
    expect: '401 200 200 200 200 200 200 200',
    note: 'lists are scoped to the caller',
  },
  'GET /api/home/patient/:id/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 404 200 200',
    input: (fx) => ({ params: id(fx.patient.id) }),
  },
  'POST /api/home/patient/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 403 200 200',
    input: (fx, caller) => ({
      body: { ...clientForm(fx, caller, unique('Client')), ssn: '123-45-6789', company: fx.company.id },
    }),
  },
  'POST /api/home/patient/:id/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 404 200 200',
    input: (fx, caller) => ({
      params: id(fx.patient.id),
      body: clientForm(fx, caller, fx.patient.lastName),
    }),
  },
  'POST /get_related_info/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 403 200 200',
    input: (fx) => ({ body: { patient_id: fx.patient.id } }),
  },
  'POST /save_related_info/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 403 200 200',
    input: (fx) => ({ body: { patient_id: fx.patient.id, ssn: '123-45-6789' } }),
  },

  // Providers: a shared directory; only internal staff change or remove entries.
  'GET /api/home/provider/': { access: 'authenticated', expect: '401 200 200 200 200 200 200 200' },
  'GET /api/home/provider/:id/': {
    access: 'authenticated',
    expect: '401 200 200 200 200 200 200 200',
    input: (fx) => ({ params: id(fx.provider.id) }),
  },
  'POST /api/home/provider/': {
    access: 'authenticated',
    expect: '401 200 200 200 200 200 200 200',
    input: () => ({ body: { name: unique('Provider') } }),
  },
  'POST /api/home/provider/:id/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: async (fx) => ({ params: id((await fx.freshProvider()).id), body: { name: unique('Provider') } }),
  },
  'POST /api/home/provider/:id/delete/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: async (fx) => ({ params: id((await fx.freshProvider()).id) }),
  },
  'POST /api/home/provider/:id/merge/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: async (fx) => ({ params: id((await fx.freshProvider()).id), body: { into: fx.provider.id } }),
  },
  'POST /api/home/provider/:id/verify/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: async (fx) => ({ params: id((await fx.freshProvider()).id) }),
  },
  'GET /api/providers/': { access: 'authenticated', expect: '401 200 200 200 200 200 200 200' },
};
