import {
  batesLabel,
  RECORDS_SEARCH_PAGE_SIZE,
  type RecordsIndexStatus,
  type RecordsSearchQuery,
  type RecordsSearchResponse,
  type RecordsSearchResult,
} from '@dd/shared';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { visibleRequests } from '../../authz/scopes';
import { requests } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { signedFileUrl } from '../files/files.download';
import {
  indexStatus,
  MARK_END,
  MARK_START,
  type SearchRow,
  searchSimilar,
  searchWords,
} from './search.queries';

/**
 * Full-text search across received records (decision 060): the words first (`websearch_to_tsquery`:
 * quotes for a phrase, `-` to leave a word out, `or`); when no page has them and the query is a word or
 * two, pages with a word spelled like them (a name typed a little wrong).
 */

/** The headline's marks turned into plain text and the matched ranges, whitespace runs made one space. */
function parseHeadline(headline: string): Pick<RecordsSearchResult, 'snippet' | 'highlights'> {
  let snippet = '';
  const highlights: { start: number; end: number }[] = [];
  let start = -1;
  for (const char of headline.replace(/\s+/g, ' ').trim()) {
    if (char === MARK_START) start = snippet.length;
    else if (char === MARK_END) {
      if (start >= 0 && snippet.length > start) highlights.push({ start, end: snippet.length });
      start = -1;
    } else snippet += char;
  }
  return { snippet, highlights };
}

/** A name or two, not a query with operators: worth a look for similar spellings. */
const fuzzyCandidate = (q: string) => q.length >= 4 && q.split(/\s+/).length <= 3 && !/["-]|\bor\b/i.test(q);

function toResult(
  deps: AppDeps,
  auth: Auth,
  row: SearchRow,
  match: RecordsSearchResult['match'],
): RecordsSearchResult {
  const viewUrl = signedFileUrl(
    deps,
    auth,
    row.file_url,
    { fileId: row.file_id, name: row.file_name },
    { inline: true, stable: true },
  );
  return {
    request: {
      id: row.request_id,
      client_id: row.client_id,
      client_name: row.client_name,
      provider_name: row.provider_name,
      company_name: row.company_name,
    },
    file: { id: row.file_id, name: row.file_name, view_url: viewUrl },
    page: row.page_number,
    bates:
      row.bates_prefix !== null && row.bates_first !== null
        ? batesLabel(row.bates_prefix, row.bates_first + row.page_number - 1)
        : null,
    ...parseHeadline(row.headline),
    match,
  };
}

export async function searchRecords(
  deps: AppDeps,
  auth: Auth,
  query: RecordsSearchQuery,
): Promise<RecordsSearchResponse> {
  let found = await searchWords(deps.db, auth, query.q, query.page);
  let match: RecordsSearchResult['match'] = 'words';
  if (found.count === 0 && fuzzyCandidate(query.q)) {
    found = await searchSimilar(deps.db, auth, query.q, query.page);
    match = 'fuzzy';
  }
  return {
    count: found.count,
    page: query.page,
    page_size: RECORDS_SEARCH_PAGE_SIZE,
    results: found.rows.map((row) => toResult(deps, auth, row, match)),
  };
}

export async function getIndexStatus(
  deps: AppDeps,
  auth: Auth,
  requestId: number,
): Promise<RecordsIndexStatus> {
  const [request] = await deps.db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.id, requestId), visibleRequests(auth)));
  if (!request) throw notFound();
  return indexStatus(deps.db, auth, requestId);
}
