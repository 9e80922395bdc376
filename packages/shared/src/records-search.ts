import { z } from 'zod';

/**
 * Full-text search across received records (decision 060): how much text makes a page readable without
 * OCR, the search call's query and answer, the indexing progress a request shows, and the messages.
 */

/** A page with fewer non-blank characters than this is read again by OCR (a scanned page). */
export const OCR_MIN_CHARACTERS = 20;
export const RECORDS_SEARCH_PAGE_SIZE = 20;
export const RECORDS_SEARCH_MAX_QUERY = 200;
/** Matching pages ranked for one search: a word on most pages of a big firm is narrowed, not ranked all. */
export const RECORDS_SEARCH_MAX_RESULTS = 500;

export const RecordsSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(RECORDS_SEARCH_MAX_QUERY),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type RecordsSearchQuery = z.infer<typeof RecordsSearchQuerySchema>;

/** A matched part of a snippet: `snippet.slice(start, end)`, in UTF-16 units as JavaScript counts them. */
const HighlightSchema = z.object({ start: z.number().int(), end: z.number().int() });

export const RecordsSearchResultSchema = z.object({
  request: z.object({
    id: z.number().int(),
    client_id: z.number().int(),
    client_name: z.string(),
    provider_name: z.string().nullable(),
    company_name: z.string(),
  }),
  file: z.object({
    id: z.number().int(),
    name: z.string(),
    /** A short-lived link that shows the PDF in the browser; add `#page=N` to open it at the page. */
    view_url: z.string(),
  }),
  page: z.number().int(),
  /** The page's Bates number once the file has been numbered (sent to the firm), else null. */
  bates: z.string().nullable(),
  /** Plain text around the match; the matched words are at `highlights`. */
  snippet: z.string(),
  highlights: z.array(HighlightSchema),
});
export type RecordsSearchResult = z.infer<typeof RecordsSearchResultSchema>;

export const RecordsSearchResponseSchema = z.object({
  /** Matching pages, counted up to RECORDS_SEARCH_MAX_RESULTS; `count_capped` when there are more. */
  count: z.number().int(),
  count_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(RecordsSearchResultSchema),
});
export type RecordsSearchResponse = z.infer<typeof RecordsSearchResponseSchema>;

/** How far indexing has come for one request's received PDFs. */
export const RecordsIndexStatusSchema = z.object({
  files: z.number().int(),
  indexed: z.number().int(),
  failed: z.number().int(),
});
export type RecordsIndexStatus = z.infer<typeof RecordsIndexStatusSchema>;

export const RECORDS_SEARCH_MSG = {
  title: 'Search records',
  label: 'Search the text of your received records',
  placeholder: 'Words or a name, e.g. MRI lumbar, or "Dr. Okafor"',
  hint: 'Every page of every received PDF is searchable, scanned pages included. Use quotes for a phrase and - to leave a word out.',
  empty: (q: string) => `No page of your records mentions '${q}'.`,
  prompt: 'Type a word, a phrase or a name to search every page of your received records.',
  failed: 'The search could not be run. Try again.',
  count: (n: number, capped = false) =>
    capped
      ? `More than ${n.toLocaleString('en-US')} pages found: the best of the first ${n.toLocaleString('en-US')} are shown. Add words to narrow the search.`
      : n === 1
        ? '1 page found'
        : `${n.toLocaleString('en-US')} pages found`,
  openPage: (file: string, page: number) => `Open ${file} at page ${page}`,
  indexing: (done: number, total: number) => `Indexing ${done} of ${total} files`,
  searchable: 'Searchable',
  unreadable: (n: number) => (n === 1 ? '1 file could not be read' : `${n} files could not be read`),
} as const;

/** The request's search status in words, or null when it has no received PDF. */
export function recordsIndexLabel(status: RecordsIndexStatus): string | null {
  if (status.files === 0) return null;
  const done = status.indexed + status.failed;
  return done < status.files
    ? RECORDS_SEARCH_MSG.indexing(done, status.files)
    : RECORDS_SEARCH_MSG.searchable;
}
