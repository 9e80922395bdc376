import { z } from 'zod';
import { tooLongMessage } from './messages';

/**
 * The generic data administration (staff spec sections 2, 3, 7 and 9): apps, their models, a model's
 * field metadata and its records. The server's registry decides which tables and columns exist here.
 */

/** How a field is edited: text → text input, long text → text area, decimal and integer → number
 *  input, boolean → switch, relation → select (spec section 9). */
export const ADMIN_FIELD_TYPES = [
  'text',
  'longtext',
  'integer',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'relation',
] as const;
export type AdminFieldType = (typeof ADMIN_FIELD_TYPES)[number];

/** 'address_1' → 'Address 1', 'company_id' → 'Company'. */
export function fieldLabel(name: string): string {
  const words = name.replace(/_id$/, '').split('_').filter(Boolean);
  return words.map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(' ');
}

export const AdminFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(ADMIN_FIELD_TYPES),
  required: z.boolean(),
  read_only: z.boolean(),
  is_relation: z.boolean(),
  related_app: z.string().nullable(),
  related_model: z.string().nullable(),
  max_length: z.number().nullable(),
  /** An amount of money: sent as dollars with two decimals ('38.00', AmountSchema), shown as $38.00. */
  money: z.boolean(),
});
export type AdminField = z.infer<typeof AdminFieldSchema>;

export const AdminModelSchema = z.object({
  app: z.string(),
  name: z.string(),
  label: z.string(),
  /** False: records are changed on the product's own screens (requests, users, billing…). */
  writable: z.boolean(),
  deletable: z.boolean(),
  /** The field a record is named by (its 'Edit Name'). */
  display: z.string(),
  /** What the list's search box looks in, as the screen names it ('ID (exact)', 'Client name', …). */
  search_fields: z.array(z.string()),
  /** Shorter text finds only the exact matches (ids, numbers). */
  search_min_length: z.number(),
});
export type AdminModel = z.infer<typeof AdminModelSchema>;

/** The line under a list's search box: which columns it looks in. */
export function adminSearchHint(model: Pick<AdminModel, 'search_fields' | 'search_min_length'>): string {
  if (model.search_fields.length === 0) return 'This list has no search.';
  const parts =
    model.search_min_length > 1
      ? `; a part of a name or number needs ${model.search_min_length} characters or more`
      : '';
  return `Searches ${model.search_fields.join(', ')}${parts}.`;
}

export const AdminAppSchema = z.object({ name: z.string(), label: z.string(), models: z.number() });
export type AdminApp = z.infer<typeof AdminAppSchema>;

/** A record as the administration shows it: column name → value, plus `label` (its display name) and
 *  `{column}__label` for each relation. */
export const AdminRecordSchema = z.record(z.string(), z.unknown());
export type AdminRecord = Record<string, unknown> & { id: number; label: string };

/** Counts stop at this many rows, so a list of a million requests answers at once ('10,000+'). */
export const ADMIN_COUNT_CAP = 10_000;

export const AdminListSchema = z.object({
  count: z.number(),
  /** The count reached ADMIN_COUNT_CAP: there are at least that many. */
  count_capped: z.boolean(),
  results: z.array(AdminRecordSchema),
});
export type AdminList = { count: number; count_capped: boolean; results: AdminRecord[] };

export const ADMIN_DEFAULT_LIMIT = 20;
export const AdminListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).default(ADMIN_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    search: z.string().trim().max(200).optional(),
    /** `?values_list=id`: the options of a relation select, [{id, label}] (spec section 7). */
    values_list: z.literal('id').optional(),
  })
  .strict();

export const AdminOptionSchema = z.object({ id: z.number(), label: z.string() });
export type AdminOption = z.infer<typeof AdminOptionSchema>;

/** CSV batch upload: `commit: false` previews, `commit: true` writes every row or none. */
export const AdminCsvBodySchema = z
  .object({ csv: z.string().max(20_000_000), commit: z.boolean().default(false) })
  .strict();
export const AdminCsvRowErrorSchema = z.object({ row: z.number(), field: z.string(), message: z.string() });
export type AdminCsvRowError = z.infer<typeof AdminCsvRowErrorSchema>;
export const AdminCsvResultSchema = z.object({
  rows: z.number(),
  imported: z.number(),
  errors: z.array(AdminCsvRowErrorSchema),
  columns: z.array(z.string()),
  preview: z.array(z.record(z.string(), z.string())),
});
export type AdminCsvResult = z.infer<typeof AdminCsvResultSchema>;

export const ADMIN_MSG = {
  notWritable: 'These records are changed on their own screens, not in the data administration.',
  notDeletable: 'These records cannot be deleted from the data administration.',
  unknownField: (field: string) => `${field} is not a field of this model.`,
  readOnlyField: (field: string) => `${field} cannot be changed.`,
  required: (label: string) => `${label} is required.`,
  notANumber: (label: string) => `${label} must be a number.`,
  notAWholeNumber: (label: string) => `${label} must be a whole number.`,
  notABoolean: (label: string) => `${label} must be true or false.`,
  notADate: (label: string) => `${label} must be a date (yyyy-mm-dd).`,
  notADateTime: (label: string) => `${label} must be a date and time.`,
  tooLong: tooLongMessage,
  noSuchRecord: (label: string) => `${label} refers to a record that does not exist.`,
  nameTaken: (label: string) => `${label} already exists.`,
  duplicateInFile: (label: string, line: number) => `${label} is the same as on line ${line}.`,
  csvEmpty: 'The file has no rows under its header line.',
  csvTooManyRows: (max: number) => `A file may hold at most ${max.toLocaleString('en-US')} rows.`,
  csvHasErrors: 'Nothing was imported: correct the rows listed and upload the file again.',
  csvImported: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'record' : 'records'} imported.`,
  noneFound: (label: string) => `No ${label}s Found`,
} as const;

export const ADMIN_CSV_MAX_ROWS = 50_000;

/** A disk snapshot of the data volume (staff spec section 3), sizes in bytes. */
export const DiskUsageSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  total: z.number(),
  free: z.number(),
  used: z.number(),
  database_bytes: z.number().nullable(),
  files_bytes: z.number().nullable(),
});
export type DiskUsage = z.infer<typeof DiskUsageSchema>;

/** Sizes are shown in GB: bytes divided by 1e9, two decimals (spec section 9). */
export const formatGb = (bytes: number | null) => (bytes === null ? '—' : (bytes / 1e9).toFixed(2));
