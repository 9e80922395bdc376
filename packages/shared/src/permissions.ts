import { z } from 'zod';
/**
 * Named permissions carried by roles. They replace the magic role and user ids of the old product.
 */
export const PERMISSIONS = ['release_any_claim', 'view_fees', 'view_company_counts', 'manage_users'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_NAMES = {
  administrator: 'Administrator',
  member: 'Member',
} as const;

/** What each permission lets its holders do, as the Roles and permissions screen explains it. */
export const PERMISSION_LABELS: Record<Permission, { label: string; help: string }> = {
  release_any_claim: {
    label: 'Release any claim',
    help: 'Release a request another staff member has claimed (when someone is away).',
  },
  view_fees: {
    label: 'See fee figures',
    help: 'Totals with fees, average fees per completed request, and closed requests with fees in the reports.',
  },
  view_company_counts: {
    label: 'See per-company counts',
    help: 'The listing of request counts for every law firm in the reports.',
  },
  manage_users: {
    label: 'Manage users',
    help: 'Marks a role as privileged: its holders’ e-mail addresses change only through an administrator.',
  },
};

export const ROLE_MSG = {
  nameTaken: 'A role with that name already exists.',
  inUse: 'Move the people who hold this role to another role (or to none) before deleting it.',
  internalOnly: 'Only Direct Docs users can hold a role.',
  staffOnly:
    'Only Direct Docs staff can hold a role: people who are not staff cannot claim or be assigned requests. Make them staff first.',
  saved: 'Role saved.',
} as const;

export const RoleBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter a name for the role.').max(100),
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length),
});
export type RoleBody = z.input<typeof RoleBodySchema>;

export const RoleAssignmentSchema = z.object({
  role_id: z.number().int().positive().nullable(),
});

export const RoleSchema = z.object({
  id: z.number(),
  name: z.string(),
  permissions: z.array(z.string()),
  members: z.array(z.object({ id: z.number(), full_name: z.string() })),
});
export type Role = z.infer<typeof RoleSchema>;
