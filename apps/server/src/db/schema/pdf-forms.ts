import { PDF_FORM_KINDS } from '@dd/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { providers } from './providers';

/** PDF form templates (a company's or a provider's), their page images and the mapped field positions. */

export const pdfForms = pgTable(
  'pdf_forms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** Storage key of the source PDF. */
    url: text('url').notNull(),
    kind: text('kind', { enum: PDF_FORM_KINDS }).notNull(),
    /**
     * A firm's own form names its firm without a key: this is reference data, copied to every node under a
     * distributed database, and may not point into a firm's rows (docs/scale.md, rule 3). Saving a form
     * locks its firm's row, and deleting the firm deletes its forms (decision 079).
     */
    companyId: integer('company_id'),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'cascade' }),
    /** Only a form marked so may place the client's SSN. */
    includeSsn: boolean('include_ssn').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pdf_forms_kind_ck', sql`${t.kind} in ('company', 'provider')`),
    check(
      'pdf_forms_owner_ck',
      sql`(${t.kind} = 'company' and ${t.companyId} is not null and ${t.providerId} is null)
        or (${t.kind} = 'provider' and ${t.providerId} is not null and ${t.companyId} is null)`,
    ),
    index('pdf_forms_kind_name_idx').on(t.kind, t.name),
    index('pdf_forms_company_idx').on(t.companyId),
    index('pdf_forms_provider_idx').on(t.providerId),
  ],
);

export const pdfFormPages = pgTable(
  'pdf_form_pages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    formId: integer('form_id')
      .notNull()
      .references(() => pdfForms.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    imageUrl: text('image_url').notNull(),
    /** The page's size in PDF points, so the editor keeps its shape before the image loads. */
    width: doublePrecision('width').notNull().default(612),
    height: doublePrecision('height').notNull().default(792),
  },
  (t) => [unique('pdf_form_pages_form_page_uq').on(t.formId, t.pageNumber)],
);

/** name is a field path such as Patient.first_name; positions are fractions of the page width and height. */
export const pdfFormMappings = pgTable(
  'pdf_form_mappings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    formId: integer('form_id')
      .notNull()
      .references(() => pdfForms.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => pdfFormPages.id, { onDelete: 'cascade' }),
    positionX: doublePrecision('position_x').notNull(),
    positionY: doublePrecision('position_y').notNull(),
  },
  (t) => [index('pdf_form_mappings_form_idx').on(t.formId), index('pdf_form_mappings_page_idx').on(t.pageId)],
);
