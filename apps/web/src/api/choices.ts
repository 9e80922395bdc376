/**
 * Search-select look-ups shared by every filter and form that picks a client, provider or law firm
 * (server-side name search, a few dozen at a time, and the label of a chosen id).
 */
import type { CompanyListItem, Provider } from '@dd/shared';
import type { Choice } from '../ui/search-select';
import { get } from './client';

export const searchClients = async (companyId: number, name: string, signal?: AbortSignal) =>
  (
    await get<{ id: number; full_name: string }[]>(
      '/api/home/patient/',
      { company: companyId, order_by: 'last_name,first_name', name: name.trim() || undefined, limit: 50 },
      signal,
    )
  ).map((c): Choice => ({ id: c.id, label: c.full_name }));

export const lookupClient = async (id: number, signal?: AbortSignal): Promise<Choice> => {
  const client = await get<{ id: number; full_name: string }>(`/api/home/patient/${id}/`, undefined, signal);
  return { id: client.id, label: client.full_name };
};

export const searchProviders = (name: string, signal?: AbortSignal) =>
  get<Provider[]>(
    '/api/home/provider/',
    { order_by: 'name', name: name.trim() || undefined, limit: 50 },
    signal,
  ).then((rows) =>
    rows.map((p): Choice => ({ id: p.id, label: [p.name, p.city, p.state].filter(Boolean).join(' · ') })),
  );

export const lookupProvider = (id: number, signal?: AbortSignal) =>
  get<Provider>(`/api/home/provider/${id}/`, undefined, signal).then(
    (p): Choice => ({ id: p.id, label: p.name }),
  );

/** Law firms by name, a page at a time (GET /api/companies/). */
export const pageFirms = (name: string, page: number, pageSize: number, signal?: AbortSignal) =>
  get<{ count: number; results: CompanyListItem[] }>(
    '/api/companies/',
    { page, page_size: pageSize, name: name.trim() || undefined },
    signal,
  );

export const searchFirms = (name: string, signal?: AbortSignal) =>
  pageFirms(name, 1, 100, signal).then((page) =>
    page.results.map((c): Choice => ({ id: c.id, label: c.name })),
  );

export const lookupFirm = (id: number, signal?: AbortSignal) =>
  get<{ company: { id: number; name: string } }[]>(`/api/home/company/${id}/`, undefined, signal).then(
    ([first]): Choice => ({ id, label: first?.company.name ?? `Law firm ${id}` }),
  );
