import { id, type MatrixRow } from './access-matrix-kit';

/** Access matrix rows: full-text search across received records (decision 060). */
export const SEARCH_ROWS: Record<string, MatrixRow> = {
  'GET /api/search/records/': {
    access: 'authenticated',
    expect: '401 200 200 200 200 200 200 200',
    note: "every caller searches, within its own reach in the query: another firm's pages are never found (recordsearch/search.test.ts plants a word in one firm's records and searches as another)",
    input: () => ({ query: 'q=lumbar' }),
  },
  'GET /api/search/records/request/:id/': {
    access: 'authenticated',
    expect: '401 200 200 404 404 404 200 200',
    note: 'how far the indexing of a request’s PDFs has come; internal users who are not staff only for requests they claimed',
    input: (fx) => ({ params: id(fx.request.id) }),
  },
};
