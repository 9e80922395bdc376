import { FEE_FIELDS } from '@dd/shared';
import { id, type MatrixRow } from './access-matrix-kit';

/**
 * Access matrix rows: invoices, fee settings and billings. Reading: internal staff, or the
 * target firm's staff (another firm's staff get 404, members 403). Changing: internal administrators.
 */
const company = (fx: { company: { id: number } }) => ({ params: { company_id: fx.company.id } });
const READ = '401 403 200 403 404 403 200 200';
const ADMIN = '401 403 403 403 403 403 403 200';
const fees = Object.fromEntries(FEE_FIELDS.map((f) => [f, '35.00']));

/** The firm answers its own fee approvals; internal users are refused (403) whatever they can see. */
function feeAnswer(body: object = {}, kind: 'charge' | 'prepayment' = 'charge'): MatrixRow {
  return {
    access: 'authenticated',
    expect: '401 200 200 404 404 403 403 403',
    note: 'only the firm decides what it pays',
    input: async (fx) => {
      const { requestId, approvalId } = await fx.freshFeeApproval(kind);
      return { params: { id: requestId, approval: approvalId }, body };
    },
  };
}

export const BILLING_ROWS: Record<string, MatrixRow> = {
  'GET /api/invoices/': { access: 'internalStaff', expect: '401 403 403 403 403 403 200 200' },
  'GET /api/invoices/:company_id/': { access: 'companyStaff', expect: READ, input: company },
  'GET /api/invoices/:company_id/csv/': { access: 'internalAdmin', expect: ADMIN, input: company },
  'GET /api/invoice_billing/:company_id': { access: 'companyStaff', expect: READ, input: company },
  'GET /api/invoice_billing/:company_id/': { access: 'companyStaff', expect: READ, input: company },
  'GET /api/home/price/:id/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: () => ({ params: id(1) }),
  },
  'POST /api/home/price/:id/': {
    access: 'internalAdmin',
    expect: ADMIN,
    note: 'the body is the migration defaults; the billing tests restore what they change',
    input: () => ({
      params: id(1),
      body: {
        ...fees,
        completed_documents_unavailable: '25.00',
        closed_documents_unavailable: '25.00',
        cancelled: '10.00',
        rush: '7.00',
      },
    }),
  },
  'GET /api/home/invoice/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: (fx) => ({ query: `request=${fx.request.id}&order_by=created_at` }),
  },
  'PUT /api/home/invoice/:id/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: async (fx) => ({
      params: id((await fx.freshLine()).id),
      body: { provider_cost: '12.00', auto_added_surcharge: 0 },
    }),
  },
  'POST /api/home/invoice/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: async (fx) => ({
      body: { request: (await fx.freshRequest()).id, provider_cost: 5, auto_added_surcharge: 0 },
    }),
  },
  'GET /api/home/quote/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 200 200 200',
    input: (fx) => ({ query: `company=${fx.company.id}&rush=true&request_type=Medical%20Records` }),
  },
  'POST /api/fees/check/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    input: () => ({
      body: {
        state: 'TX',
        provider_type: 'hospital',
        legal_basis: 'authorization',
        pages: 250,
        medium: 'paper',
        charged: '180.00',
      },
    }),
  },
  'GET /api/home/request/:id/fee_approvals/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 404 200 200',
    note: 'internal users who are not staff see only the requests claimed by them',
    input: async (fx) => ({ params: id((await fx.freshFeeApproval()).requestId) }),
  },
  'POST /api/home/request/:id/fee_approvals/:approval/approve/': feeAnswer({}, 'prepayment'),
  'POST /api/home/request/:id/fee_approvals/:approval/decline/': feeAnswer({ action: 'dispute' }),
  'POST /api/home/request/:id/fee_approvals/prepayment/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 200 200',
    note: 'staff record what the provider demands; the firm answers it',
    input: async (fx) => ({ params: id((await fx.freshRequest()).id), body: { amount: '20.00' } }),
  },
  'GET /api/home/billing/': { access: 'companyStaff', expect: '401 403 200 403 200 403 200 200' },
  'GET /api/home/billing/:id/': {
    access: 'companyStaff',
    expect: READ,
    input: async (fx) => ({ params: id((await fx.freshBilling()).id) }),
  },
  'GET /api/home/billing/:id/pdf/': {
    access: 'companyStaff',
    expect: READ,
    input: async (fx) => ({ params: id((await fx.freshBilling()).id) }),
  },
  'POST /api/home/billing/': {
    access: 'internalAdmin',
    expect: '401 403 403 403 403 403 403 201',
    input: async (fx) => {
      await fx.freshFinishedRequest();
      return { body: { company: fx.company.id, title: 'Access matrix billing' } };
    },
  },
  'PUT /api/home/billing/:id/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: async (fx) => ({
      params: id((await fx.freshBilling()).id),
      body: { invoices: String((await fx.freshLine()).id) },
    }),
  },
  'POST /api/home/billing/:id/': {
    access: 'internalAdmin',
    expect: ADMIN,
    input: async (fx) => ({ params: id((await fx.freshBilling()).id), body: { is_paid: true } }),
  },
  'POST /api/home/billing/:id/pay/': {
    access: 'companyStaff',
    expect: '401 403 404 403 404 403 403 403',
    note: 'the firm’s own staff only; no payment keys are set in this suite, so they hear “Card payments are not configured.” (payments.test.ts pays against the provider’s stand-in)',
    input: async (fx) => ({ params: id((await fx.freshBilling()).id), body: { token: 'tok_access' } }),
  },
  'GET /api/home/billing/:id/payments/': {
    access: 'companyStaff',
    expect: READ,
    input: async (fx) => ({ params: id((await fx.freshBilling()).id) }),
  },
};
