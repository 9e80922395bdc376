import {
  type ArchiveBody,
  ArchiveBodySchema,
  type ClaimBody,
  ClaimBodySchema,
  type DeadlineCorrectionBody,
  DeadlineCorrectionBodySchema,
  type ProviderMoveBody,
  ProviderMoveBodySchema,
  type RequestBody,
  RequestBodySchema,
  RequisitionBodySchema,
  type StatusChangeBody,
  StatusChangeBodySchema,
} from '@dd/shared';
import { z } from 'zod';

/**
 * POST /api/home/request/{id}/ carries one of seven bodies (staff spec section 7: "with status,
 * working_on, or requisition fields"): a claim (`working_on` only), a status change (`status` only, run
 * as the matching staff action: staffwork.status.ts), the requisition and provider fee form
 * (`requisition_id`, `provider_cost`), archiving (`archived` only), a move to another provider
 * (`provider` only: the law-firm spec's provider merge), a correction of the legal clock (`legal_basis`
 * and/or `extension_notice_on` without a client: internal staff), or the law firm's edit. The shape is chosen by the keys
 * present, then that shape alone is validated, so its error messages stay precise.
 */
export type RequestUpdate =
  | { kind: 'claim'; body: ClaimBody }
  | { kind: 'status'; body: StatusChangeBody }
  | { kind: 'requisition'; body: z.output<typeof RequisitionBodySchema> }
  | { kind: 'archive'; body: ArchiveBody }
  | { kind: 'move'; body: ProviderMoveBody }
  | { kind: 'deadline'; body: DeadlineCorrectionBody }
  | { kind: 'edit'; body: RequestBody };

export function kindOf(body: Record<string, unknown>): RequestUpdate['kind'] {
  if ('working_on' in body) return 'claim';
  // A bare status (the request form also has no status field, so this is never an edit).
  if ('status' in body && !('patient' in body) && !('provider' in body)) return 'status';
  if ('requisition_id' in body || 'provider_cost' in body) return 'requisition';
  if ('archived' in body) return 'archive';
  // The request form carries its legal basis with the client; the basis or an extension notice alone
  // is staff correcting the legal clock.
  if (('legal_basis' in body || 'extension_notice_on' in body) && !('patient' in body)) return 'deadline';
  // The request form always names its client: a provider alone is the merge's move.
  if ('provider' in body && Object.keys(body).length === 1) return 'move';
  return 'edit';
}

/** Claims, status changes, archiving, moves and the requisition form are internal staff's; others get 403 before their body is even checked. */
export const isStaffOnlyUpdate = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  kindOf(body as Record<string, unknown>) !== 'edit';

const SCHEMAS = {
  claim: ClaimBodySchema,
  status: StatusChangeBodySchema,
  requisition: RequisitionBodySchema,
  archive: ArchiveBodySchema,
  move: ProviderMoveBodySchema,
  deadline: DeadlineCorrectionBodySchema,
  edit: RequestBodySchema,
};

/** The shapes for the API reference (validation itself runs the chosen Zod schema). */
const docSchema = (schema: z.ZodType) => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
};

export const RequestUpdateBodySchema = z
  .looseObject({})
  .meta({
    description:
      'One of: {working_on} (claim, assign or release), {status} (internal staff: the matching staff action), {requisition_id, provider_cost} (internal staff), {archived} (internal staff), {provider} (internal staff: move to another provider), {legal_basis, extension_notice_on} (internal staff: correct the legal clock), or the request form (edit and resubmit).',
    anyOf: [
      docSchema(ClaimBodySchema),
      docSchema(StatusChangeBodySchema),
      docSchema(RequisitionBodySchema),
      docSchema(ArchiveBodySchema),
      docSchema(ProviderMoveBodySchema),
      docSchema(DeadlineCorrectionBodySchema),
      docSchema(RequestBodySchema),
    ],
  })
  .transform((body, ctx): RequestUpdate => {
    const kind = kindOf(body);
    const parsed = SCHEMAS[kind].safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: issue.path } as never);
      return z.NEVER;
    }
    return { kind, body: parsed.data } as RequestUpdate;
  });
