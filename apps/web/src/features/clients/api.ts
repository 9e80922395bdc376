import {
  CLIENT_REQUIRED_FIELDS,
  type Client,
  type ClientMatch,
  normalizeSsn,
  type RelatedInfo,
} from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../api/client';

/** The client (patient) calls of spec section 7, typed. */
export const clientKeys = {
  all: ['clients'] as const,
  list: (companyId: number, name: string) => ['clients', 'list', companyId, name] as const,
  one: (id: number) => ['clients', 'one', id] as const,
  // Apart from 'clients' so that saving a client does not fetch the SSN again.
  ssn: (id: number) => ['client-ssn', id] as const,
};

export const listClients = (companyId: number, name: string, signal?: AbortSignal) =>
  get<Client[]>(
    '/api/home/patient/',
    { company: companyId, order_by: 'last_name,first_name', name: name.trim() || undefined },
    signal,
  );

export const getClient = (id: number, signal?: AbortSignal) =>
  get<Client>(`/api/home/patient/${id}/`, undefined, signal);

/** One client, shared with the picker's cache entry. */
export const useClient = (id: number | null) =>
  useQuery({
    queryKey: clientKeys.one(id ?? 0),
    queryFn: ({ signal }) => getClient(id!, signal),
    enabled: id !== null,
  });

export const findClientsBySsn = (companyId: number, ssn: string) =>
  get<ClientMatch[]>('/api/home/patient/', { company: companyId, ssn: ssn.trim() });

export const getClientSsn = async (patientId: number) =>
  (await post<RelatedInfo>('/get_related_info/', { patient_id: patientId })).related_info.ssn;

export const saveClientSsn = (patientId: number, ssn: string) =>
  post<{ success: string }>('/save_related_info/', { patient_id: patientId, ssn: normalizeSsn(ssn) });

const OPTIONAL_FIELDS = ['email', 'phone_number', 'fax_number', 'bates_prefix'] as const;

/** The form's values reduced to the fields the server takes (the SSN only when asked). */
function clientPayload(values: Record<string, unknown>, withSsn: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of [...CLIENT_REQUIRED_FIELDS, ...OPTIONAL_FIELDS]) {
    if (field === 'ssn' && !withSsn) continue;
    const value = values[field];
    out[field] = typeof value === 'string' ? value.trim() : (value ?? null);
  }
  return out;
}

export const createClient = (companyId: number, values: Record<string, unknown>) =>
  post<Client>('/api/home/patient/', { ...clientPayload(values, true), company: companyId });

export const updateClient = (id: number, values: Record<string, unknown>) =>
  post<Client>(`/api/home/patient/${id}/`, clientPayload(values, false));
