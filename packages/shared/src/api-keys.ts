import { z } from 'zod';

/**
 * API keys of a law firm: what a key may do (its scopes), the key's shape, the calls that manage keys and
 * every message a partner or a firm administrator reads about them (decision 054).
 */
export const API_KEY_SCOPES = ['read_requests', 'create_requests', 'read_files', 'manage_clients'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS = {
  read_requests: {
    label: 'Read requests',
    help: 'List and open the firm’s requests with their notes, follow-ups and the request types and providers to choose from.',
  },
  create_requests: {
    label: 'Create requests',
    help: 'Order requests, resubmit or change them, add notes and add a provider that is not listed yet.',
  },
  read_files: {
    label: 'Read files',
    help: 'List a request’s files and download them (links, the records package as a ZIP).',
  },
  manage_clients: {
    label: 'Manage clients',
    help: 'List, add and change the firm’s clients, including their Social Security numbers.',
  },
} as const satisfies Record<ApiKeyScope, { label: string; help: string }>;

/** The header a key travels in. */
export const API_KEY_HEADER = 'X-API-Key';
/** Every key starts with this, so a leaked key is recognised (by people and by secret scanners). */
export const API_KEY_PREFIX = 'ddk_';

export const API_KEY_MSG = {
  invalid: 'This API key is not valid: it was revoked, mistyped or its creator is no longer active.',
  routeClosed:
    'API keys cannot call this route. Keys reach the firm’s requests, clients and files only (see docs/api.md).',
  missingScope: (label: string) => `This API key does not have the “${label}” scope.`,
  firmsOnly: 'API keys belong to law firms: only a firm administrator can manage them.',
  created:
    'Copy this key now: it is shown only once. Anyone who has it can act for your firm within its scopes.',
  revoked: 'Key revoked. Calls with it now fail.',
  revokeConfirm: (name: string) =>
    `Revoke “${name}”? Every system using this key stops working at once. This cannot be undone.`,
  alreadyRevoked: 'This key was already revoked.',
  nameRequired: 'Enter a name for the key, such as the system that will use it.',
  scopesRequired: 'Choose at least one scope.',
  tooMany: 'This API key made too many calls. Wait a moment and try again.',
} as const;

export const ApiKeyCreateSchema = z.object({
  name: z.string().trim().min(1, API_KEY_MSG.nameRequired).max(100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, API_KEY_MSG.scopesRequired)
    .max(API_KEY_SCOPES.length)
    .transform((list) => [...new Set(list)]),
});
export type ApiKeyCreate = z.input<typeof ApiKeyCreateSchema>;

/** The one answer that carries the secret. */
export const ApiKeyCreatedSchema = z.object({ id: z.number(), key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

/** A key as the list shows it: never the secret, only its first characters to tell keys apart. */
export const ApiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** `ddk_12.AbCd…`: the prefix, the firm and the first characters of the secret. */
  hint: z.string(),
  created: z.string(),
  created_by: z.object({ id: z.number(), full_name: z.string() }),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;
