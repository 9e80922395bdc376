/**
 * Named permissions carried by roles. They replace the magic role and user ids of the old product.
 */
export const PERMISSIONS = ['release_any_claim', 'view_fees', 'view_company_counts', 'manage_users'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_NAMES = {
  administrator: 'Administrator',
  member: 'Member',
} as const;
