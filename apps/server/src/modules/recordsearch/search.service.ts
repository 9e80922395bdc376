import {
  batesLabel,
  RECORDS_SEARCH_MAX_RESULTS,
  RECORDS_SEARCH_PAGE_SIZE,
  type RecordsIndexStatus,
  type RecordsSearchQuery,
  type RecordsSearchResponse,
  type RecordsSearchResult,
} from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { notFound } from '../../lib/errors';
import { signedFileUrl } from '../files/files.download';
import {
  indexStatus,
  MARK_END,
  MARK_START,
  type SearchRow,
  searchWords,
  visibleRequestId,
} from './search.queries';

/**
 * Full-text search across received records (decision 060): the pages with the words asked for
 * (`websearch_to_tsquery`: quotes for a phrase, `-` to leave a word out, `or`), each with the Bates number
 * of its page once delivered, a link that opens the PDF, and the words around the match with the match
 * given as ranges, never as markup.
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

function toResult(deps: AppDeps, auth: Auth, row: SearchRow): RecordsSearchResult {
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
  };
}

export async function searchRecords(
  deps: AppDeps,
  auth: Auth,
  query: RecordsSearchQuery,
): Promise<RecordsSearchResponse> {
  const found = await searchWords(deps.db, auth, query.q, query.page);
  return {
    count: Math.min(found.count, RECORDS_SEARCH_MAX_RESULTS),
    count_capped: found.count > RECORDS_SEARCH_MAX_RESULTS,
    page: query.page,
    page_size: RECORDS_SEARCH_PAGE_SIZE,
    results: found.rows.map((row) => toResult(deps, auth, row)),
  };
}

export async function getIndexStatus(
  deps: AppDeps,
  auth: Auth,
  requestId: number,
): Promise<RecordsIndexStatus> {
  const request = await visibleRequestId(deps.db, auth, requestId);
  if (!request) throw notFound();
  return indexStatus(deps.db, auth, requestId);
}
