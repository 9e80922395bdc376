import type { Role, RoleBody } from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../api/client';

/** The Roles and permissions screen's calls (internal administrators). */
export const roleKeys = { all: ['roles'] as const };

export const useRoles = (enabled: boolean) =>
  useQuery({
    queryKey: roleKeys.all,
    queryFn: ({ signal }) => get<Role[]>('/api/user/roles/', undefined, signal),
    enabled,
  });

export const createRole = (body: RoleBody) => post<Role>('/api/user/roles/', body);
export const updateRole = (id: number, body: RoleBody) => post<Role>(`/api/user/roles/${id}/`, body);
export const deleteRole = (id: number) => post<{ success: true }>(`/api/user/roles/${id}/delete/`, {});
export const assignRole = (userId: number, roleId: number | null) =>
  post<Role[]>(`/api/user/user/${userId}/role/`, { role_id: roleId });
