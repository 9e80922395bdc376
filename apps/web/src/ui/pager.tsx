/** Numbered pager with Previous/Next (dashboard: 5 pages, 2 margin; elsewhere 10 and 3). */
import { PAGER } from '@dd/shared';
import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { pagerItems } from './pager-items';

export interface PagerProps {
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** Pages in the window around the current one. @default 10 */
  pagesShown?: number;
  /** Pages always shown at each end. @default 3 */
  margin?: number;
}

export function Pager({
  page,
  pageCount,
  onChange,
  pagesShown = PAGER.standard.pages,
  margin = PAGER.standard.margin,
}: PagerProps) {
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    if (target >= 1 && target <= pageCount && target !== page) onChange(target);
  };
  return (
    <Group component="nav" aria-label="Pagination" gap={4} wrap="wrap">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} />}
        disabled={page <= 1}
        onClick={() => go(page - 1)}
      >
        Previous
      </Button>
      {pagerItems(page, pageCount, pagesShown, margin).map((item) =>
        item.type === 'gap' ? (
          <Text key={item.key} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item.page}
            variant={item.page === page ? 'filled' : 'subtle'}
            color={item.page === page ? undefined : 'gray'}
            size="xs"
            miw={32}
            px={8}
            onClick={() => go(item.page)}
            aria-label={`Page ${item.page}`}
            aria-current={item.page === page ? 'page' : undefined}
          >
            {item.page}
          </Button>
        ),
      )}
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} />}
        disabled={page >= pageCount}
        onClick={() => go(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
