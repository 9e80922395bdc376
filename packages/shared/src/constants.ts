/** Page sizes, thresholds and limits from the specification. */
export const DASHBOARD_PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DASHBOARD_DEFAULT_PAGE_SIZE = 10;
export const STAFF_LIST_PAGE_SIZES = [100, 200, 300, 400, 500] as const;
export const STAFF_LIST_DEFAULT_PAGE_SIZE = 100;
export const GENERIC_LIST_LIMIT = 20;

export const PAGER = {
  dashboard: { pages: 5, margin: 2 },
  standard: { pages: 10, margin: 3 },
} as const;

export const SELECT_LABEL_MAX = 110;
export const SELECT_LABEL_CUT = 107;

export const INVITE_GRID_ROWS = 300;
export const DOWNLOAD_STAGGER_MS = 1000;
export const DAY_MS = 86_400_000;

export const UPLOAD_BUCKETS = [
  'company-forms',
  'provider-forms',
  'hipaa-forms',
  'provider-records',
  'supporting-documents',
] as const;
export type UploadBucket = (typeof UPLOAD_BUCKETS)[number];

export const DEFAULT_INACTIVITY_MINUTES = 30;

/** Request types seeded with the product; more can be added by staff. */
export const CERTIFICATION_REQUEST_TYPE = 'Provider Certification of Received Records';

/**
 * The built-in tutorial videos (captioned screen recordings made by `npm run videos -w e2e`), served from
 * the web app. HELP_VIDEO_URL, REQUEST_VIDEO_URL and PDF_FORM_VIDEO_URL point each to another address.
 */
export const TUTORIAL_VIDEOS = {
  dashboard: '/videos/dashboard.webm',
  request: '/videos/request.webm',
  pdfForm: '/videos/pdf-form.webm',
} as const;
