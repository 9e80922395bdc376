import { useState } from 'react';

/**
 * Page and page size of a server-paged table, with the DataTable props that go with them: choosing
 * another size goes back to page 1, and so does `reset` (call it when a filter changes).
 */
export function usePaging(pageSizes: readonly number[], initialSize: number = pageSizes[0]) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  return {
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    reset: () => setPage(1),
    tableProps: (total: number | undefined) => ({
      page,
      pageSize,
      total,
      onPageChange: setPage,
      pageSizes,
      onPageSizeChange: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
    }),
  };
}
