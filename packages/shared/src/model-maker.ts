import { z } from 'zod';
import { MSG } from './messages';

/**
 * Model configurations (staff spec sections 3 and 5): a named model with typed fields and relations.
 * Applying one creates or alters a real table in the `custom` schema (the server's model-maker DDL).
 */
export const MODEL_FIELD_TYPES = ['Boolean', 'Datetime', 'Decimal', 'Integer', 'Char', 'Text'] as const;
export type ModelFieldType = (typeof MODEL_FIELD_TYPES)[number];

/** Char's Max Length when none is given, and the longest allowed. */
export const CHAR_DEFAULT_LIMIT = 255;
export const CHAR_MAX_LIMIT = 10_000;

/** A model's name: letters, digits and spaces, starting with a letter ('Vendor Contact'). */
const MODEL_NAME = /^[A-Za-z][A-Za-z0-9 ]{0,39}$/;
/** A field's or relation's name: lower-case letters, digits and underscores ('phone_number'). */
const FIELD_NAME = /^[a-z][a-z0-9_]{0,39}$/;
/** Names the table already has, or that the database keeps for itself. */
const RESERVED_FIELDS = new Set([
  'id',
  'created_at',
  'label',
  'oid',
  'ctid',
  'xmin',
  'xmax',
  'cmin',
  'cmax',
  'tableoid',
]);

const countRecords = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'record' : 'records'}`;

/**
 * Registry models that hold a law firm's own records. Their tables are the ones to be distributed by firm
 * (docs/scale.md): a custom model's rows could not sit beside each firm's, so a custom model may not relate to
 * them (decision 070). Shared data (providers, request types, note templates, roles, pages) stays relatable.
 */
export const FIRM_RECORD_MODELS: ReadonlySet<string> = new Set([
  'home/company',
  'home/patient',
  'home/request',
  'home/note',
  'home/billing',
  'users/user',
]);

export const MODEL_MSG = {
  noDuplicateNames: MSG.noDuplicateNames,
  modelName: 'A model name starts with a letter and holds only letters, digits and spaces (at most 40).',
  fieldName:
    'A field name starts with a lower-case letter and holds only lower-case letters, digits and underscores (at most 40).',
  reservedField: (name: string) => `${name} is kept for the table itself; choose another name.`,
  unknownModel: (model: string) => `${model} is not a model that can be related to.`,
  firmRecordModel: (model: string) =>
    `${model} holds law firms' own records, which a model cannot relate to; relate to shared data such as providers, request types or note templates.`,
  badDefault: (name: string) => `The default of ${name} does not fit its type.`,
  confirmDrop: (columns: string[], records: number, model: string) =>
    `Applying this removes ${columns.join(', ')} and the data stored in ${columns.length === 1 ? 'it' : 'them'} (${countRecords(records)}). Type the model's name, ${model}, to confirm.`,
  confirmDropTable: (records: number, model: string) =>
    `This model's table holds ${countRecords(records)}. Deleting it removes them for good. Type the model's name, ${model}, to confirm.`,
  dropsOff:
    'Changes that remove data (removing a field, changing its type, deleting a model with records) are turned off in production. An operator turns them on with MODEL_MAKER=on.',
  applied: 'Model applied: its table is up to date.',
  renameApplied: 'This model already has a table with records, so its name cannot change.',
  applyTargetFirst: (model: string) => `Apply ${model} first: this model relates to it.`,
  stillRelated: 'Another model relates to this one: remove that relation and apply it first.',
  upToDate: 'Nothing to change: the table already matches this configuration.',
} as const;

/** The table a model's records live in: 'Vendor Contact' → custom.vendor_contact. */
export const customTableName = (modelName: string) => modelName.trim().toLowerCase().replace(/\s+/g, '_');
/** The column a relation is stored in. */
export const relationColumn = (name: string) => `${name}_id`;

const FieldSchema = z.object({
  name: z.string().trim().regex(FIELD_NAME, MODEL_MSG.fieldName),
  type: z.enum(MODEL_FIELD_TYPES),
  default: z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]).optional(),
  blank: z.boolean().default(true),
  limit: z.number().int().min(1).max(CHAR_MAX_LIMIT).optional(),
});
const RelationSchema = z.object({
  name: z.string().trim().regex(FIELD_NAME, MODEL_MSG.fieldName),
  /** 'app/model' of an administrable model ('home/provider') or another custom model's name. */
  model: z.string().trim().min(1).max(80),
  alias: z.string().trim().max(80).optional(),
});
export type ModelField = z.infer<typeof FieldSchema>;
export type ModelRelation = z.infer<typeof RelationSchema>;

/** A default must suit its field's type (it fills new records in when the field is left out). */
export function defaultFits(field: ModelField): boolean {
  const value = field.default;
  if (value === undefined || value === null || value === '') return true;
  const text = String(value).trim();
  switch (field.type) {
    case 'Boolean':
      return typeof value === 'boolean' || text === 'true' || text === 'false';
    case 'Integer':
      return text !== '' && Number.isInteger(Number(text)) && Math.abs(Number(text)) <= 2_147_483_647;
    case 'Decimal':
      return text !== '' && Number.isFinite(Number(text));
    case 'Datetime':
      return !Number.isNaN(Date.parse(text));
    case 'Char':
      return text.length <= (field.limit ?? CHAR_DEFAULT_LIMIT);
    default:
      return true;
  }
}

export const ModelConfigDataSchema = z
  .object({
    fields: z.array(FieldSchema).max(100).default([]),
    related: z.array(RelationSchema).max(50).default([]),
  })
  .superRefine((data, ctx) => {
    const names = [...data.fields.map((f) => f.name), ...data.related.map((r) => relationColumn(r.name))];
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', message: MODEL_MSG.noDuplicateNames });
    for (const name of [...data.fields.map((f) => f.name), ...data.related.map((r) => r.name)]) {
      if (RESERVED_FIELDS.has(name)) ctx.addIssue({ code: 'custom', message: MODEL_MSG.reservedField(name) });
    }
    for (const field of data.fields) {
      if (!defaultFits(field)) ctx.addIssue({ code: 'custom', message: MODEL_MSG.badDefault(field.name) });
    }
  });
export type ModelConfigData = z.infer<typeof ModelConfigDataSchema>;

export const ModelConfigBodySchema = z
  .object({
    id: z.number().int().positive().optional(),
    name: z.string().trim().regex(MODEL_NAME, MODEL_MSG.modelName),
    order: z.coerce.number().int().min(0).max(100_000).default(0),
    data: ModelConfigDataSchema,
  })
  .strict();
export type ModelConfigBody = z.input<typeof ModelConfigBodySchema>;

export const ModelConfigSchema = z.object({
  id: z.number(),
  name: z.string(),
  order: z.number(),
  data: z.object({
    fields: z.array(
      z.object({
        name: z.string(),
        type: z.enum(MODEL_FIELD_TYPES),
        default: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
        blank: z.boolean(),
        limit: z.number().optional(),
      }),
    ),
    related: z.array(z.object({ name: z.string(), model: z.string(), alias: z.string().optional() })),
  }),
  /** The custom table's name. */
  table: z.string(),
  /** Its table exists. */
  applied: z.boolean(),
  /** The configuration differs from what was last applied. */
  pending: z.boolean(),
  created_at: z.string(),
});
export type ModelConfig = z.infer<typeof ModelConfigSchema>;

export const ModelPlanSchema = z.object({
  statements: z.array(z.string()),
  /** Columns (or the whole table) the plan would remove with their data. */
  drops: z.array(z.string()),
  /** Records in the table now (what a drop takes data from). */
  records: z.number(),
  /** Changes that remove data may be made here (off in production unless MODEL_MAKER=on). */
  drops_allowed: z.boolean(),
});
export type ModelPlan = z.infer<typeof ModelPlanSchema>;

/** A change that removes data goes ahead only with the model's name typed in. */
export const ConfirmDropBodySchema = z
  .object({ confirm_name: z.string().trim().max(80).optional() })
  .strict();
