import { z } from 'zod';

/**
 * PDF form templates (staff spec sections 2, 3, 7, 8 and 9): a law firm's or a provider's form,
 * its pages rendered as images, and mappings that place a request's data on a page at fractions of the
 * page's width and height.
 */
export const PDF_FORM_KINDS = ['company', 'provider'] as const;
export type PdfFormKind = (typeof PDF_FORM_KINDS)[number];

/** The models a mapping reads, and their fields as the spec's [name, type] pairs. */
export const FORM_FIELD_MODELS = ['Patient', 'Request', 'Provider', 'Company'] as const;
export type FormFieldModel = (typeof FORM_FIELD_MODELS)[number];
export type FieldType = 'CharField' | 'TextField' | 'DateField' | 'BooleanField' | 'EmailField';

const address: [string, FieldType][] = [
  ['address_1', 'CharField'],
  ['address_2', 'CharField'],
  ['city', 'CharField'],
  ['state', 'CharField'],
  ['zip_code', 'CharField'],
];

export const FORM_FIELDS: Record<FormFieldModel, [string, FieldType][]> = {
  Patient: [
    ['first_name', 'CharField'],
    ['last_name', 'CharField'],
    ['full_name', 'CharField'],
    ['maiden_name', 'CharField'],
    ['date_of_birth', 'DateField'],
    ['ssn', 'CharField'],
    ...address,
    ['email', 'EmailField'],
    ['phone_number', 'CharField'],
    ['fax_number', 'CharField'],
  ],
  Request: [
    ['internal_number', 'CharField'],
    ['request_type', 'CharField'],
    ['start_date', 'DateField'],
    ['end_date', 'DateField'],
    ['special_instructions', 'TextField'],
    ['attorney_name', 'CharField'],
    ['created_at', 'DateField'],
    ['today', 'DateField'],
  ],
  Provider: [
    ['name', 'CharField'],
    ['email', 'EmailField'],
    ['phone', 'CharField'],
    ['fax', 'CharField'],
    ...address,
  ],
  Company: [
    ['name', 'CharField'],
    ['admin_name', 'CharField'],
    ['admin_email', 'EmailField'],
    ['admin_phone', 'CharField'],
    ['admin_fax', 'CharField'],
    ...address,
    ['phone_number', 'CharField'],
    ['fax_number', 'CharField'],
  ],
};

/** The client's SSN is placed only on a form marked to carry it. */
export const SSN_FIELD = 'Patient.ssn';
export const FORM_FIELD_PATHS = FORM_FIELD_MODELS.flatMap((model) =>
  FORM_FIELDS[model].map(([name]) => `${model}.${name}`),
);

export const PdfFormPageSchema = z.object({
  id: z.number(),
  page_number: z.number(),
  /** A signed link to the page image. */
  image_url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type PdfFormPage = z.infer<typeof PdfFormPageSchema>;

export const PdfFormMappingSchema = z.object({
  id: z.number(),
  name: z.string(),
  form: z.number(),
  page: z.number(),
  position_x: z.number(),
  position_y: z.number(),
});
export type PdfFormMapping = z.infer<typeof PdfFormMappingSchema>;

export const PdfFormSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(PDF_FORM_KINDS),
  /** Storage key of the source PDF. */
  url: z.string(),
  company: z.number().nullable(),
  company_name: z.string().nullable(),
  provider: z.number().nullable(),
  provider_name: z.string().nullable(),
  include_ssn: z.boolean(),
  page_count: z.number(),
  created_at: z.string(),
});
export type PdfForm = z.infer<typeof PdfFormSchema>;

/**
 * A form of more than this many pages is rendered by the background job queue, its progress shown in
 * the editor; a shorter one is rendered before the call answers.
 */
export const PDF_FORM_INLINE_PAGES = 5;

/**
 * What a form's PDF may be for its pages to be rendered: a page count, and a page no larger than 17 × 22
 * inches (or the same area) nor longer than 50 inches on a side. A PDF past any of them, or one that
 * needs more time or memory than a rendering is given, is refused with `pdfTooLarge`.
 */
export const PDF_FORM_LIMITS = {
  maxPages: 200,
  maxPageArea: 17 * 22 * 72 * 72,
  maxPageSide: 50 * 72,
} as const;

export const pdfTooLarge = (why: string) => `This PDF is too large to render: ${why}`;

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** The newest background rendering of a form's pages, while it runs or when it failed. */
export const PdfFormRenderJobSchema = z.object({
  id: z.number(),
  status: z.enum(JOB_STATUSES),
  pages_done: z.number(),
  /** Null until the job has opened the PDF. */
  pages_total: z.number().nullable(),
  error: z.string().nullable(),
});
export type PdfFormRenderJob = z.infer<typeof PdfFormRenderJobSchema>;

export const PdfFormDetailSchema = PdfFormSchema.extend({
  pages: z.array(PdfFormPageSchema),
  mapping: z.array(PdfFormMappingSchema),
  render_job: PdfFormRenderJobSchema.nullable(),
});
export type PdfFormDetail = z.infer<typeof PdfFormDetailSchema>;

const fraction = z.coerce.number().min(0).max(1);
const id = z.coerce.number().int().positive();

/** Create or edit a form: a firm's form names its company, a provider's form its provider. */
export const PdfFormInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the form a name.').max(200),
    url: z.string().trim().min(1, 'Upload the PDF.').max(1024),
    company: id.nullish(),
    provider: id.nullish(),
    include_ssn: z.boolean().default(false),
  })
  .strict()
  .refine((v) => Boolean(v.company) !== Boolean(v.provider), {
    message: 'Choose the law firm or the provider the form belongs to.',
    path: ['company'],
  });
export type PdfFormInput = z.infer<typeof PdfFormInputSchema>;

export const PdfFormMappingInputSchema = z
  .object({
    name: z.string().refine((v) => FORM_FIELD_PATHS.includes(v), 'Choose a field from the list.'),
    form: id,
    page: id,
    position_x: fraction,
    position_y: fraction,
  })
  .strict();

export const PdfFormMappingMoveSchema = z
  .object({
    position_x: fraction,
    position_y: fraction,
    name: PdfFormMappingInputSchema.shape.name.optional(),
  })
  .strict();

/** The filled form: a signed link that opens it. */
export const FilledFormSchema = z.object({ url: z.string(), name: z.string() });

export const PDF_FORM_MSG = {
  unreadable: 'This file is not a PDF we can read. Upload the form again as a PDF.',
  encrypted: 'This PDF is password-protected. Remove the password and upload it again.',
  noForm: 'There is no form for this request yet.',
  noPages: 'Render the form’s pages before placing fields.',
  ssnNotAllowed: 'This form is not marked to carry the client’s SSN.',
  notStored: 'The form’s PDF is not in storage. Upload the PDF again.',
  tooManyPages: (pages: number) =>
    pdfTooLarge(
      `it has ${pages.toLocaleString('en-US')} pages; forms of up to ${PDF_FORM_LIMITS.maxPages} pages are rendered.`,
    ),
  pageTooLarge: (page: number, width: number, height: number) =>
    pdfTooLarge(
      `page ${page} is ${inches(width)} × ${inches(height)} inches; pages of up to 17 × 22 inches are rendered.`,
    ),
  tooSlow: (seconds: number) => pdfTooLarge(`it did not render within ${seconds} seconds.`),
  tooMuchMemory: (megabytes: number) => pdfTooLarge(`it needs more than ${megabytes} MB of memory.`),
} as const;

const inches = (points: number) => String(Math.round((points / 72) * 10) / 10);
