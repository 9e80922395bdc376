import {
  type Provider,
  type ProviderExists,
  ProviderExistsSchema,
  type ProviderLetter,
  type ProviderListItem,
} from '@dd/shared';
import { ApiError, get, post, refusalDetails } from '../../api/client';

/** The provider calls of spec section 7, typed. */
export type ProviderSummary = Pick<Provider, 'id' | 'name'> & Partial<Provider>;

export const providerKeys = {
  all: ['providers'] as const,
  search: (letter: ProviderLetter | null, name: string) => ['providers', 'search', letter, name] as const,
  ids: (ids: number[]) => ['providers', 'ids', ids] as const,
  one: (id: number) => ['providers', 'one', id] as const,
  page: (name: string, page: number, size: number) => ['providers', 'page', name, page, size] as const,
  mergeOptions: (name: string) => ['providers', 'merge-options', name] as const,
};

export const searchProviders = (
  filter: { name?: string; letter?: ProviderLetter | null; limit?: number },
  signal?: AbortSignal,
) =>
  get<Provider[]>(
    '/api/home/provider/',
    {
      order_by: 'name',
      name: filter.name?.trim() || undefined,
      starts_with: filter.letter ?? undefined,
      limit: filter.limit,
    },
    signal,
  );

export const providersByIds = (ids: number[], signal?: AbortSignal) =>
  get<Provider[]>('/api/home/provider/', { id__in: ids }, signal);

export const getProvider = (id: number, signal?: AbortSignal) =>
  get<Provider>(`/api/home/provider/${id}/`, undefined, signal);

export const pageProviders = (name: string, page: number, pageSize: number, signal?: AbortSignal) =>
  get<{ count: number; results: ProviderListItem[] }>(
    '/api/providers/',
    { page, page_size: pageSize, name: name.trim() || undefined },
    signal,
  );

export const createProvider = (values: Record<string, unknown>) =>
  post<Provider>('/api/home/provider/', values);
export const updateProvider = (id: number, values: Record<string, unknown>) =>
  post<Provider>(`/api/home/provider/${id}/`, values);
export const deleteProvider = (id: number) => post<{ success: string }>(`/api/home/provider/${id}/delete/`);
export const mergeProvider = (id: number, into: number | null) =>
  post<{ success: string; moved: number }>(`/api/home/provider/${id}/merge/`, { into });

/** A refused provider name: the message and the provider to assign instead. */
export interface ProviderConflict {
  error: string;
  provider: ProviderExists['details']['provider'];
}

/** The existing provider named in a 409 'already a provider by that name' answer, if that is what failed. */
export function existingProvider(error: unknown): ProviderConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = refusalDetails(error, ProviderExistsSchema);
  return details ? { error: error.message, provider: details.provider } : null;
}
