/**
 * /requestlist/: the staff To Do List (requests due today or earlier in the user's time zone: new orders,
 * follow-ups and reminders, rush first) or All Requests, with filters, claim and assignment, sortable headers, rush highlighting and
 * Prev/Next offset paging (100 to 500 rows). Everything the list shows is kept in the address.
 */
import { STAFF_LIST_PAGE_SIZES, todayIn } from '@dd/shared';
import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconListCheck, IconListDetails } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { STORAGE } from '../../api/session';
import { useAuth } from '../../auth';
import { Card } from '../../ui';
import { useRequestList, useStaffUsers } from './api';
import { DeadlineEscalationPanel } from './DeadlineEscalation';
import {
  cursorOf,
  type ListState,
  listQuery,
  orderOf,
  readListState,
  sortOf,
  writeListState,
} from './list-params';
import { RequestListFilters } from './RequestListFilters';
import { RequestListTable } from './RequestListTable';
import { TodoCounts } from './TodoCounts';

export function RequestListScreen() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const today = todayIn(localStorage.getItem(STORAGE.timezone));
  const query = useRequestList(listQuery(state, today));
  const staff = useStaffUsers(user?.company_id ?? 0);

  const change = useCallback(
    (next: Partial<ListState>) =>
      // Any change but paging itself starts again at the first row.
      setParams((current) => writeListState(current, { offset: 0, cursor: '', ...next }), { replace: true }),
    [setParams],
  );
  if (!user) return null;

  const todo = state.view === 'todo';
  const count = query.data?.count ?? 0;
  const shown = query.data?.results.length ?? 0;
  const first = shown === 0 ? 0 : state.offset + 1;
  const last = state.offset + shown;
  const total = `${count.toLocaleString('en-US')}${query.data?.count_capped ? '+' : ''}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{todo ? 'To Do List' : 'All Requests'}</Title>
          <Text c="dimmed">
            {todo
              ? 'Requests due today or overdue: new orders, follow-ups and reminders. Rush first.'
              : 'Every request, newest first unless you sort otherwise.'}
          </Text>
          {todo && <TodoCounts />}
        </div>
        <Button
          variant="light"
          leftSection={todo ? <IconListDetails size={16} /> : <IconListCheck size={16} />}
          onClick={() => change({ view: todo ? 'all' : 'todo' })}
        >
          {todo ? 'Show All Requests' : 'Show ToDo Tasks'}
        </Button>
      </Group>
      {!user.is_staff && (
        // Only staff hold work (decision 039): a list of one's own claims would stay empty for good.
        <Alert color="yellow" title="You are not Direct Docs staff">
          Only staff claim and are assigned requests, so none will be yours and this list stays empty. Ask a
          Direct Docs administrator to make you staff.
        </Alert>
      )}
      {todo && <DeadlineEscalationPanel />}
      <Card>
        <RequestListFilters state={state} staff={staff.data ?? []} onChange={change} />
        {query.isError && (
          <Alert color="red" title="The requests could not be loaded">
            {query.error.message}
          </Alert>
        )}
        <RequestListTable
          rows={query.data?.results}
          loading={query.isPending}
          sort={sortOf(state.order)}
          onSortChange={(sort) => change({ order: orderOf(sort) })}
          me={user.id}
          canReleaseAny={user.permissions.includes('release_any_claim')}
          canClaim={user.is_staff}
          staff={staff.data ?? []}
          emptyText={
            todo ? 'Nothing is due: no request due today or earlier matches these filters.' : undefined
          }
        />
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Group gap="md" align="flex-end">
            <NativeSelect
              label="Rows per page"
              size="xs"
              w={130}
              value={String(state.size)}
              data={STAFF_LIST_PAGE_SIZES.map(String)}
              onChange={(event) => change({ size: Number(event.currentTarget.value) })}
            />
            <Text size="sm" c="dimmed" pb={4} aria-live="polite">
              {shown > 0
                ? `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total}`
                : ''}
            </Text>
          </Group>
          <Group gap="xs" component="nav" aria-label="Pagination">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} />}
              disabled={!query.data?.previous}
              onClick={() =>
                change({
                  offset: Math.max(0, state.offset - state.size),
                  cursor: cursorOf(query.data?.previous),
                })
              }
            >
              Prev
            </Button>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} />}
              disabled={!query.data?.next}
              onClick={() =>
                change({ offset: state.offset + state.size, cursor: cursorOf(query.data?.next) })
              }
            >
              Next
            </Button>
          </Group>
        </Group>
      </Card>
    </Stack>
  );
}
