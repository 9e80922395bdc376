/**
 * Which page numbers a numbered pager shows, following react-paginate: the first `margin` pages, a
 * window of `pagesShown` pages around the current one, the last `margin` pages, and gaps between.
 * A gap that would hide a single page shows that page instead.
 */
export type PagerItem = { type: 'page'; page: number } | { type: 'gap'; key: string };

export function pagerItems(page: number, pageCount: number, pagesShown = 10, margin = 3): PagerItem[] {
  if (pageCount <= 0) return [];
  const current = Math.min(Math.max(page, 1), pageCount) - 1; // zero-based, as react-paginate counts
  if (pageCount <= pagesShown) {
    return Array.from({ length: pageCount }, (_, i) => ({ type: 'page' as const, page: i + 1 }));
  }

  let left = pagesShown / 2;
  let right = pagesShown - left;
  if (current > pageCount - pagesShown / 2) {
    right = pageCount - current;
    left = pagesShown - right;
  } else if (current < pagesShown / 2) {
    left = current;
    right = pagesShown - left;
  }
  if (current === 0 && pagesShown > 1) right -= 1;

  const shown: number[] = [];
  for (let index = 0; index < pageCount; index++) {
    const inMargin = index < margin || index >= pageCount - margin;
    const inWindow = index >= current - left && index <= current + right;
    if (inMargin || inWindow) shown.push(index + 1);
  }

  const items: PagerItem[] = [];
  shown.forEach((n, i) => {
    const previous = shown[i - 1];
    if (previous !== undefined && n - previous === 2) items.push({ type: 'page', page: n - 1 });
    else if (previous !== undefined && n - previous > 2) items.push({ type: 'gap', key: `gap-${previous}` });
    items.push({ type: 'page', page: n });
  });
  return items;
}
