import { randomUUID } from 'node:crypto';
import { EMPTY_AUTHORIZATION_CHECKLIST } from '@dd/shared';
import { id, type MatrixRow, requestForm, unique } from './access-matrix-kit';

/** Access matrix rows: requests, notes, staff work, lists of types and templates, users, companies, files. */
export const RECORD_ROWS: Record<string, MatrixRow> = {
  // Requests, notes and staff work on the target firm's request.
  'GET /api/home/request/': { access: 'authenticated', expect: '401 200 200 200 200 200 200 200' },
  'POST /api/home/request/': {
    access: 'authenticated',
    expect: '401 201 201 404 404 404 201 201',
    input: async (fx) => ({ body: requestForm(fx, (await fx.freshProvider()).id) }),
  },
  'GET /api/home/request/:id/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 404 200 200',
    note: 'with its files and who opened them, the widest read of a request',
    input: (fx) => ({ params: id(fx.request.id), query: 'related=files,files__file_accesses__user' }),
  },
  'POST /api/home/request/:id/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 404 200 200',
    input: async (fx) => ({
      params: id((await fx.freshRequest()).id),
      // Every caller edits a copy of the same request: the copies are knowingly duplicates.
      body: { ...requestForm(fx, fx.provider.id), override_duplicates: true },
    }),
  },
  'POST /api/home/request/:id/split/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 201 201',
    input: async (fx) => ({
      params: id((await fx.freshRequest()).id),
      body: { splits: [{ provider: (await fx.freshProvider()).id, request_types: ['Medical Records'] }] },
    }),
  },
  'POST /api/home/request/:id/delete/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 404 200 200',
    input: async (fx) => ({ params: id((await fx.freshRequest()).id) }),
  },
  'POST /api/home/request/:id/initial_sent/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: async (fx) => ({ params: id((await fx.checkedRequest()).id) }),
  },
  'POST /api/home/request/:id/cancel/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: async (fx) => ({ params: id((await fx.freshRequest()).id) }),
  },
  'POST /api/home/request/:id/send_to_lawyer/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 409 409',
    note: '409: the request has no verified records yet',
    input: async (fx) => ({ params: id((await fx.freshRequest()).id) }),
  },
  'GET /api/home/dashboard/': {
    access: 'internal',
    expect: '401 403 403 403 403 200 200 200',
    note: 'internal users who are not staff see only the requests claimed by them',
  },
  'GET /api/home/dashboard/trends/': { access: 'internal', expect: '401 403 403 403 403 200 200 200' },
  'GET /api/home/dashboard/deadlines/': {
    access: 'internal',
    expect: '401 403 403 403 403 200 200 200',
    note: 'internal users who are not staff count only the requests claimed by them; per firm with view_company_counts',
  },
  'GET /api/completed-requests-with-fees/': {
    access: 'internal',
    expect: '401 403 403 403 403 403 403 200',
    note: 'the view_fees permission: only the internal admin of the matrix holds it',
  },
  'GET /api/reports/billing/': {
    access: 'internal',
    expect: '401 403 403 403 403 403 403 200',
    note: 'the view_fees permission: only the internal admin of the matrix holds it',
  },
  'GET /api/reports/staff/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: (fx) => ({ query: `law_firm=${fx.company.id}` }),
  },
  'GET /api/reports/staff/requests/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: (fx) => ({ query: `paralegal=${fx.member.id}&card=open_requests` }),
  },
  'GET /api/reports/assignments/': { access: 'internalStaff', expect: '401 403 403 403 403 403 200 200' },
  'GET /api/reports/paralegals/': { access: 'internalStaff', expect: '401 403 403 403 403 403 200 200' },
  'GET /api/reports/providers/': { access: 'internalStaff', expect: '401 403 403 403 403 403 200 200' },
  'GET /api/home/request/todo/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
  },
  'GET /api/home/request/:id/first_send/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: (fx) => ({ params: id(fx.request.id) }),
  },
  'GET /api/home/request/:id/authorization_check/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: (fx) => ({ params: id(fx.request.id) }),
  },
  'PUT /api/home/request/:id/authorization_check/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: async (fx) => ({
      params: id((await fx.checkedRequest()).id),
      body: EMPTY_AUTHORIZATION_CHECKLIST,
    }),
  },
  'POST /api/authorizations/validate/': {
    access: 'authenticated',
    expect: '401 200 200 200 200 200 200 200',
    note: 'checks the elements it is sent and reads or keeps nothing',
    input: () => ({ body: { description: 'All records', signed_at: '2026-01-02' } }),
  },
  'GET /api/home/request/:id/staff_info/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: (fx) => ({ params: id(fx.request.id) }),
  },
  'POST /api/home/notes/': {
    access: 'authenticated',
    expect: '401 201 201 404 404 404 201 201',
    input: (fx) => ({ body: { text: 'Any news?', request: fx.request.id } }),
  },
  'POST /api/home/notes/:id/': {
    access: 'internal',
    expect: '401 403 403 403 403 404 200 200',
    input: (fx) => ({ params: id(fx.note.id), body: { reminder_date: null } }),
  },
  'GET /api/home/notes/': {
    access: 'authenticated',
    expect: '401 200 200 200 200 200 200 200',
    input: (fx) => ({ query: `request=${fx.request.id}` }),
  },
  'GET /api/home/requesttype/': { access: 'authenticated', expect: '401 200 200 200 200 200 200 200' },
  'POST /api/home/requesttype/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 201 201',
    input: () => ({ body: { name: unique('Type') } }),
  },
  'POST /api/home/requesttype/:id/delete/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: async (fx) => ({ params: id((await fx.freshRequestType()).id) }),
  },
  'GET /api/home/notetemplate/': { access: 'internalStaff', expect: '401 403 403 403 403 403 200 200' },
  'POST /api/home/notetemplate/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 201 201',
    input: () => ({ body: { name: unique('Template'), text: 'Hello' } }),
  },
  'POST /api/home/notetemplate/:id/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: async (fx) => ({
      params: id((await fx.freshNoteTemplate()).id),
      body: { name: unique('Template'), text: 'Hi' },
    }),
  },
  'POST /api/home/notetemplate/:id/delete/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: async (fx) => ({ params: id((await fx.freshNoteTemplate()).id) }),
  },

  // Users and companies of the target firm.
  'GET /api/user/User/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 200 200 200',
    input: (fx) => ({ query: `company_id=${fx.company.id}` }),
  },
  'GET /api/user/user/': {
    access: 'authenticated',
    expect: '401 403 200 404 404 200 200 200',
    input: (fx) => ({ query: `company_id=${fx.company.id}` }),
  },
  'GET /api/user/user/:id/': {
    access: 'authenticated',
    expect: '401 403 200 404 404 200 200 200',
    input: (fx) => ({ params: id(fx.userId('firmStaff')) }),
    note: 'another user of the firm: its staff and internal users only',
  },
  'POST /api/user/user/': {
    access: 'companyStaff',
    expect: '401 403 200 403 403 403 200 200',
    input: (fx) => ({
      body: {
        first_name: 'New',
        last_name: 'Member',
        email: `${randomUUID().slice(0, 8)}@example.test`,
        company_id: fx.company.id,
      },
    }),
  },
  'POST /api/user/user/:id/': {
    access: 'companyStaff',
    expect: '401 403 200 403 404 403 200 200',
    input: async (fx) => ({ params: id((await fx.freshUser()).id), body: { first_name: 'Renamed' } }),
  },
  'POST /api/user/user/:id/delete/': {
    access: 'companyStaff',
    expect: '401 403 200 403 404 403 200 200',
    input: async (fx) => ({ params: id((await fx.freshUser()).id) }),
  },
  'POST /api/user/invite/': {
    access: 'companyStaff',
    expect: '401 403 200 403 404 403 200 200',
    input: async (fx) => ({ body: { company_id: fx.company.id, rows: await fx.inviteGridWithNewPhone() } }),
    note: 'the grid replaces every user of the firm, so it is sent back as it is but for one phone number',
  },
  'GET /api/home/company/': { access: 'internal', expect: '401 403 403 403 403 200 200 200' },
  'GET /api/home/company/:id/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 200 200 200',
    input: (fx) => ({ params: id(fx.company.id) }),
  },
  'POST /api/home/company/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: () => ({ body: { name: unique('Firm') } }),
  },
  'POST /api/home/company/:id/': {
    access: 'companyStaff',
    expect: '401 403 200 403 404 403 200 200',
    input: (fx) => ({ params: id(fx.company.id), body: { name: fx.company.name } }),
  },
  'POST /api/home/company/:id/delete/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: async (fx) => ({ params: id((await fx.freshCompany()).id) }),
  },
  'GET /api/companies/': { access: 'internal', expect: '401 403 403 403 403 200 200 200' },

  // Files of the target firm's request.
  'POST /api/photoUpload/': {
    access: 'authenticated',
    expect: '401 400 400 400 400 400 400 400',
    note: '400: called without a multipart body',
  },
  'POST /api/home/file/': {
    access: 'authenticated',
    expect: '401 400 400 404 404 404 400 400',
    note: '400: the url is no upload of the caller; the firm is checked first',
    input: (fx) => ({ body: { name: 'records.pdf', url: fx.file.url, request: fx.request.id } }),
  },
  'POST /api/home/file/:id/': {
    access: 'authenticated',
    expect: '401 403 403 404 404 404 200 200',
    input: (fx) => ({ params: id(fx.file.id), body: { archived: false } }),
  },
  'POST /api/home/fileaccess/': {
    access: 'authenticated',
    expect: '401 200 200 200 200 200 200 200',
    note: 'records nothing and reads no file, whoever asks',
    input: (fx) => ({ body: { action: 'DOWNLOAD', file: fx.file.id } }),
  },
  'POST /getFileUrl/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 404 200 200',
    input: (fx) => ({ body: { url: fx.file.url, file: fx.file.id } }),
  },
  'POST /api/download-zip/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 404 200 200',
    input: (fx) => ({ body: { client: fx.patient.id } }),
  },
  'GET /files/*': {
    access: 'public',
    expect: '403 403 403 403 403 403 403 403',
    note: 'a signed link is the credential; a forged one is refused',
    input: () => ({ params: { '*': 'not-a-token/records.pdf' } }),
  },
};
