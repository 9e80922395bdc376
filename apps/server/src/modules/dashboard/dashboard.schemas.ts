import {
  DASHBOARD_DEFAULT_ORDER,
  DASHBOARD_DEFAULT_PAGE_SIZE,
  DASHBOARD_ORDER_KEYS,
  DASHBOARD_PAGE_SIZES,
  DashboardClientSchema,
  DashboardRequestSchema,
  DEADLINE_STATUSES,
  IdSchema,
  normalizeStatus,
  pageSchema,
  ReadyFileSchema,
} from '@dd/shared';
import { z } from 'zod';

/**
 * Query and response schemas of the law-firm dashboard calls. Every querystring is a strict
 * allow-list: an unknown parameter is a 400 naming it.
 */
const Id = IdSchema;
/** Yes or No as the screen sends them; a client may also say true/false or 1/0 (any case). */
const YesNo = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(['yes', 'no', 'true', 'false', '1', '0'], { error: 'Use Yes or No.' }))
  .transform((value): 'Yes' | 'No' => (value === 'yes' || value === 'true' || value === '1' ? 'Yes' : 'No'));

const PAGE_SIZE_TEXT = DASHBOARD_PAGE_SIZES.join(', ');
const PageSize = z.coerce
  .number()
  .int()
  .refine((n) => (DASHBOARD_PAGE_SIZES as readonly number[]).includes(n), {
    message: `must be one of ${PAGE_SIZE_TEXT}`,
  })
  .default(DASHBOARD_DEFAULT_PAGE_SIZE);
const Page = z.coerce.number().int().min(1).max(100_000).default(1);

const ORDER_VALUES = DASHBOARD_ORDER_KEYS.flatMap((key) => [key, `-${key}`] as const);
export type DashboardOrder = (typeof ORDER_VALUES)[number];

/** One status, its spec alias, or the groups 'Open' and 'Closed'. */
const StatusFilter = z
  .string()
  .refine((value) => value === 'Open' || value === 'Closed' || normalizeStatus(value) !== undefined, {
    message: 'is not a request status',
  });

export const CompanyParams = z.object({ company_id: Id });

export const RequestsCompanyQuery = z
  .object({
    page: Page,
    page_size: PageSize,
    open_request: YesNo.default('Yes'),
    paralegal: Id.optional(),
    client: Id.optional(),
    provider: Id.optional(),
    status: StatusFilter.optional(),
    days_old: z.coerce.number().int().min(0).max(100_000).default(0),
    /** Open requests whose legal due date stands there (today in the caller's time zone). */
    deadline_status: z.enum(DEADLINE_STATUSES).optional(),
    order_by: z.enum(ORDER_VALUES).default(DASHBOARD_DEFAULT_ORDER),
    /** View as this user (the /dashboard/{company_id}/{user_id}/ page): their requests as main contact. */
    user: Id.optional(),
    return_patients: YesNo.default('No'),
    /** Clients panel name filter (contains, any case); only with return_patients=Yes. */
    client_name: z.string().trim().max(100).optional(),
  })
  .strict();
export type RequestsCompanyQuery = z.infer<typeof RequestsCompanyQuery>;

export const DownloadRequestQuery = z
  .object({ page: Page, page_size: PageSize, user: Id.optional() })
  .strict();

export const DownloadRecordsQuery = z.object({ client: Id, user: Id.optional() }).strict();

export const DashboardInfoQuery = z.object({ user: Id.optional() }).strict();

const paged = pageSchema;
export const RequestsPage = paged(z.object({ request: DashboardRequestSchema }));
export const ClientsPage = paged(DashboardClientSchema);
export const RequestsCompanyResponse = z.union([RequestsPage, ClientsPage]);
export const ReadyFilesPage = paged(z.object({ file: ReadyFileSchema }));
export const ReadyFileList = z.array(ReadyFileSchema);
