import type { Company, CompanySaved, CompanyUser, InviteResult, InviteRow, ManagedUser } from '@dd/shared';
import { get, post } from '../../api/client';

/** The company and user calls of both specs' section 7, typed. */
export const companyKeys = {
  all: ['companies'] as const,
  page: (name: string, page: number, size: number) => ['companies', 'page', name, page, size] as const,
  one: (id: number) => ['companies', 'one', id] as const,
  users: (id: number) => ['companies', 'users', id] as const,
  activeUsers: (id: number) => ['companies', 'active-users', id] as const,
};

/** GET /api/home/company/{id}/ answers a list whose first item holds the company. */
export async function getCompany(id: number, signal?: AbortSignal): Promise<Company> {
  const [first] = await get<{ company: Company }[]>(`/api/home/company/${id}/`, undefined, signal);
  return first.company;
}

export const createCompany = (values: Record<string, unknown>) =>
  post<CompanySaved>('/api/home/company/', values);
export const updateCompany = (id: number, values: Record<string, unknown>) =>
  post<CompanySaved>(`/api/home/company/${id}/`, values);
export const deleteCompany = (id: number) => post<{ success: string }>(`/api/home/company/${id}/delete/`);

/** Every user of the company, inactive ones too (the invite grid). */
export async function listCompanyUsers(companyId: number, signal?: AbortSignal): Promise<ManagedUser[]> {
  const items = await get<{ User: ManagedUser }[]>('/api/user/user/', { company_id: companyId }, signal);
  return items.map((item) => item.User);
}

/** The company's active users (the ghost-user list). */
export async function listActiveUsers(companyId: number, signal?: AbortSignal) {
  const items = await get<CompanyUser[]>('/api/user/User/', { company_id: companyId }, signal);
  return items.map((item) => item.User);
}

export const saveInviteGrid = (companyId: number, rows: InviteRow[]) =>
  post<InviteResult>('/api/user/invite/', { company_id: companyId, rows });
