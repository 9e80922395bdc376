import { RECORDS_SEARCH_MAX_RESULTS, RECORDS_SEARCH_PAGE_SIZE } from '@dd/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { sameFirm, visibleRequests } from '../../authz/scopes';
import { type DbOrTx, queryRows } from '../../db/client';
import {
  batesRanges,
  companies,
  files,
  patients,
  providers,
  recordIndexing,
  recordPages,
  requests,
} from '../../db/schema';
import { indexableFile } from './search.index.queries';

/**
 * The search's SQL (decision 060). The caller's reach is in the query itself: a firm's users read their
 * own firm's pages (`record_pages.company_id`, copied from the request) of files the firm can see
 * (verified, not removed), within the requests the firm's rules show them; internal staff every firm's.
 * Matching pages are ranked and counted first and only the page of results shown gets its snippet
 * (ts_headline reads the whole page text).
 */
export interface SearchRow {
  total: number;
  file_id: number;
  page_number: number;
  headline: string;
  file_name: string;
  file_url: string;
  request_id: number;
  client_id: number;
  client_name: string;
  provider_name: string | null;
  company_name: string;
  bates_prefix: string | null;
  bates_first: number | null;
}

/** Marks around matched words in a snippet: control characters, which page text never holds (they are removed at indexing). */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;

function scope(auth: Auth): SQL {
  const firm = auth.isInternal
    ? sql`true`
    : sql`${recordPages.companyId} = ${auth.companyId} and ${files.verifiedById} is not null`;
  return sql`${firm} and not ${files.archived} and ${visibleRequests(auth)}`;
}

/**
 * One page of results, best first, each with the names a result shows. At most RECORDS_SEARCH_MAX_RESULTS
 * matching pages are taken (in the index's order) and ranked: ranking reads every candidate's tsvector, so
 * a word on most pages of a big firm would otherwise cost a read of all of them (decision 060). The count
 * says when there were more.
 */
async function pageOfMatches(
  db: DbOrTx,
  auth: Auth,
  page: number,
  match: { where: SQL; rank: SQL; headline: SQL },
): Promise<SearchRow[]> {
  const offset = (page - 1) * RECORDS_SEARCH_PAGE_SIZE;
  const rows = await queryRows<SearchRow>(
    db,
    sql`with candidates as materialized (
          select ${recordPages.fileId} as file_id, ${recordPages.pageNumber} as page_number, ${match.rank} as rank
          from ${recordPages}
          join ${files} on ${files.id} = ${recordPages.fileId} and ${sameFirm(files.companyId, recordPages.companyId)}
          join ${requests} on ${requests.id} = ${recordPages.requestId} and ${sameFirm(requests.companyId, recordPages.companyId)}
          where ${match.where} and ${scope(auth)}
          limit ${RECORDS_SEARCH_MAX_RESULTS + 1}
        ),
        shown as (
          select * from candidates order by rank desc, file_id desc, page_number
          limit ${RECORDS_SEARCH_PAGE_SIZE} offset ${offset}
        )
        select (select count(*) from candidates) as total, shown.file_id, shown.page_number,
               ${match.headline} as headline,
               ${files.name} as file_name, ${files.url} as file_url, ${requests.id} as request_id,
               ${patients.id} as client_id, ${patients.fullName} as client_name,
               ${providers.name} as provider_name, ${companies.name} as company_name,
               ${batesRanges.prefix} as bates_prefix, ${batesRanges.firstNumber} as bates_first
        from shown
        join ${recordPages} on ${recordPages.fileId} = shown.file_id and ${recordPages.pageNumber} = shown.page_number
        join ${files} on ${files.id} = shown.file_id and ${sameFirm(files.companyId, recordPages.companyId)}
        join ${requests} on ${requests.id} = ${files.requestId} and ${sameFirm(requests.companyId, files.companyId)}
        join ${patients} on ${patients.id} = ${requests.patientId} and ${sameFirm(patients.companyId, requests.companyId)}
        join ${companies} on ${companies.id} = ${requests.companyId}
        left join ${providers} on ${providers.id} = ${requests.providerId}
        left join ${batesRanges} on ${batesRanges.fileId} = shown.file_id and ${sameFirm(batesRanges.companyId, files.companyId)}
        order by shown.rank desc, shown.file_id desc, shown.page_number`,
  );
  return rows.map((r) => ({
    ...r,
    total: Number(r.total),
    file_id: Number(r.file_id),
    page_number: Number(r.page_number),
    request_id: Number(r.request_id),
    client_id: Number(r.client_id),
    bates_first: r.bates_first === null ? null : Number(r.bates_first),
  }));
}

/** How many pages match (up to one more than are ranked), for a page of results past the last one. */
async function countMatches(db: DbOrTx, auth: Auth, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*) as n from (
          select 1 from ${recordPages}
          join ${files} on ${files.id} = ${recordPages.fileId} and ${sameFirm(files.companyId, recordPages.companyId)}
          join ${requests} on ${requests.id} = ${recordPages.requestId} and ${sameFirm(requests.companyId, recordPages.companyId)}
          where ${where} and ${scope(auth)}
          limit ${RECORDS_SEARCH_MAX_RESULTS + 1}
        ) found`,
  );
  return Number(row.n);
}

/** Pages with the words of a query (`websearch_to_tsquery`: quotes for a phrase, - to leave a word out, or). */
export async function searchWords(db: DbOrTx, auth: Auth, q: string, page: number) {
  const tsq = sql`websearch_to_tsquery('english', ${q})`;
  const match = {
    where: sql`${recordPages.tsv} @@ ${tsq}`,
    rank: sql`ts_rank_cd(${recordPages.tsv}, ${tsq})`,
    headline: sql`ts_headline('english', ${recordPages.text}, ${tsq}, ${HEADLINE_OPTIONS})`,
  };
  const rows = await pageOfMatches(db, auth, page, match);
  const count = rows[0]?.total ?? (page > 1 ? await countMatches(db, auth, match.where) : 0);
  return { count, rows };
}

/** How far indexing has come for a request's received PDFs (only those the caller can see). */
export async function indexStatus(db: DbOrTx, auth: Auth, requestId: number) {
  const [row] = await queryRows<{ files: number; indexed: number; failed: number }>(
    db,
    sql`select count(*) as files,
               count(*) filter (where ${recordIndexing.status} = 'indexed') as indexed,
               count(*) filter (where ${recordIndexing.status} = 'failed') as failed
        from ${files}
        join ${requests} on ${requests.id} = ${files.requestId} and ${sameFirm(requests.companyId, files.companyId)}
        left join ${recordIndexing} on ${recordIndexing.fileId} = ${files.id} and ${sameFirm(recordIndexing.companyId, files.companyId)}
        where ${files.requestId} = ${requestId} and ${indexableFile} and not ${files.archived}
          and ${visibleRequests(auth)}
          and (${auth.isInternal} or ${files.verifiedById} is not null)`,
  );
  return { files: Number(row.files), indexed: Number(row.indexed), failed: Number(row.failed) };
}

/** The request's id when the caller can see it. */
export async function visibleRequestId(db: DbOrTx, auth: Auth, requestId: number) {
  const [request] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.id, requestId), visibleRequests(auth)));
  return request;
}
