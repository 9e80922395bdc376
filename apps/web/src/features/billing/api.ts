import type {
  Billing,
  BillingCreateBody,
  BillingPaidBody,
  CardPayment,
  FeeSettingsAnswer,
  FeeSettingsBody,
  InvoiceCompany,
  InvoiceLine,
  InvoicePage,
  Page,
} from '@dd/shared';
import { download, get, post, postOnce, put } from '../../api/client';

/** The invoice and billing calls of the staff spec's section 7, typed, with their query keys. */

export interface InvoiceFilters {
  status?: string;
  /** A billing id, or 'unbilled'. */
  billing?: string;
  provider?: number;
  client?: number;
  start_date?: string;
  end_date?: string;
}

export interface BillingFilters {
  title?: string;
  company?: number;
  /** 'true' (Paid), 'false' (Not Paid) or all. */
  paid?: 'true' | 'false';
}

export const billingKeys = {
  all: ['billing'] as const,
  companies: (page: number, size: number) => ['billing', 'companies', page, size] as const,
  invoice: (companyId: number, filters: InvoiceFilters, page: number, size: number) =>
    ['billing', 'invoice', companyId, filters, page, size] as const,
  titles: (companyId: number) => ['billing', 'titles', companyId] as const,
  fees: () => ['billing', 'fees'] as const,
  billings: (filters: BillingFilters, offset: number, limit: number) =>
    ['billing', 'billings', filters, offset, limit] as const,
  billing: (id: number) => ['billing', 'one', id] as const,
};

export const pageInvoiceCompanies = (page: number, pageSize: number, signal?: AbortSignal) =>
  get<Page<InvoiceCompany>>('/api/invoices/', { page, page_size: pageSize }, signal);

export const pageInvoice = (
  companyId: number,
  filters: InvoiceFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) => get<InvoicePage>(`/api/invoices/${companyId}/`, { ...filters, page, page_size: pageSize }, signal);

export const downloadInvoiceCsv = (companyId: number, filters: InvoiceFilters) =>
  download(`/api/invoices/${companyId}/csv/`, { ...filters });

export const billingTitles = (companyId: number, signal?: AbortSignal) =>
  get<Record<string, string>>(`/api/invoice_billing/${companyId}`, undefined, signal);

export const getFees = (signal?: AbortSignal) =>
  get<FeeSettingsAnswer>('/api/home/price/1/', undefined, signal);
export const saveFees = (body: FeeSettingsBody) => post<FeeSettingsAnswer>('/api/home/price/1/', body);

/** The spec's rule: PUT the line while it has no bill; a request without a line gets one by POST. */
export const saveLine = (
  line: Pick<InvoiceLine, 'id' | 'request'>,
  amounts: { provider_cost: string; auto_added_surcharge: string },
) =>
  line.id === null
    ? post<InvoiceLine>('/api/home/invoice/', { ...amounts, request: line.request.id })
    : put<InvoiceLine>(`/api/home/invoice/${line.id}/`, amounts);

export const createBilling = (body: BillingCreateBody) => postOnce<Billing>('/api/home/billing/', body);

export const listBillings = (filters: BillingFilters, offset: number, limit: number, signal?: AbortSignal) =>
  get<Page<Billing>>(
    '/api/home/billing/',
    {
      related: 'company',
      order_by: '-created_at',
      title: filters.title || undefined,
      company__id: filters.company,
      is_paid: filters.paid,
      offset,
      limit,
    },
    signal,
  );

export const getBilling = (id: number, signal?: AbortSignal) =>
  get<Billing>(`/api/home/billing/${id}/`, undefined, signal);

export const setPaid = (id: number, body: BillingPaidBody) => post<Billing>(`/api/home/billing/${id}/`, body);

export const downloadBillingPdf = (id: number) => download(`/api/home/billing/${id}/pdf/`);

/** Pay an open billing by card: 202 while the provider confirms it (the billing then shows Paid). */
export const payBillingByCard = (id: number, token: string) =>
  post<CardPayment>(`/api/home/billing/${id}/pay/`, { token });
