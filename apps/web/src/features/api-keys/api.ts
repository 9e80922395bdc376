import type { ApiKey, ApiKeyCreate, ApiKeyCreated } from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../api/client';

/** The API keys screen's calls (a firm's administrators). */
export const apiKeyKeys = { all: ['apiKeys'] as const };

export const useApiKeys = (enabled: boolean) =>
  useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => get<ApiKey[]>('/api/keys/', undefined, signal),
    enabled,
  });

export const createApiKey = (body: ApiKeyCreate) => post<ApiKeyCreated>('/api/keys/', body);
export const revokeApiKey = (id: number) => post<ApiKey>(`/api/keys/${id}/revoke/`, {});
