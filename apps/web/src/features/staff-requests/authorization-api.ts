import type { AuthorizationCheck, AuthorizationChecklist } from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, put } from '../../api/client';
import { shows } from '../../api/data';

/** Staff's checklist of a request's HIPAA authorization (GET/PUT /api/home/request/{id}/authorization_check/). */
export const authorizationCheckKey = (id: number) => ['staff-request', id, 'authorization-check'] as const;

export function useAuthorizationCheck(id: number) {
  return useQuery({
    queryKey: authorizationCheckKey(id),
    queryFn: ({ signal }) =>
      get<AuthorizationCheck>(`/api/home/request/${id}/authorization_check/`, undefined, signal),
    meta: shows('requests'),
  });
}

export const saveAuthorizationCheck = (id: number, answers: AuthorizationChecklist) =>
  put<AuthorizationCheck>(`/api/home/request/${id}/authorization_check/`, answers);
