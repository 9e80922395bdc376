/**
 * The Working column: 'Claim' on an unclaimed request; the holder's name, with 'Release' for the holder
 * or a user allowed to release any claim; and 'Assign' (a small form that requires the assignee) to
 * hand the request to another staff member. A 409 names who holds it; the list then refreshes.
 */
import { chooseAssigneeMessage, type RequestListItem, type UserBrief } from '@dd/shared';
import { ActionIcon, Button, Group, Popover, Select, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHandGrab, IconUserShare } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { refreshData } from '../../api/data';
import { setWorkingOn } from './api';

export interface WorkingCellProps {
  request: Pick<RequestListItem, 'id' | 'internal_number' | 'working_on'>;
  me: number;
  canReleaseAny: boolean;
  /** Internal users who are not staff only see who holds a request. */
  canClaim: boolean;
  staff: UserBrief[];
}

export function WorkingCell({ request, me, canReleaseAny, canClaim, staff }: WorkingCellProps) {
  const queryClient = useQueryClient();
  const holder = request.working_on ?? null;
  const mutation = useMutation({
    mutationFn: (target: number | null) => setWorkingOn(request.id, target),
    onError: (error) => {
      const conflict = error instanceof ApiError && error.status === 409;
      notifications.show({
        color: conflict ? 'orange' : 'red',
        title: conflict ? 'Already claimed' : 'The claim could not be changed',
        message: error.message,
      });
    },
    onSettled: () => refreshData(queryClient, 'requests'),
  });
  const mine = holder?.id === me;
  const mayChange = canClaim && (!holder || mine || canReleaseAny);
  const label = `request ${request.internal_number}`;

  return (
    <Group gap={6} wrap="nowrap">
      {holder ? (
        <>
          <Text size="sm" fw={mine ? 600 : 400} style={{ whiteSpace: 'nowrap' }}>
            {mine ? 'You' : holder.full_name}
          </Text>
          {mayChange && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              loading={mutation.isPending}
              onClick={() => mutation.mutate(null)}
              aria-label={`Release ${label}`}
            >
              Release
            </Button>
          )}
        </>
      ) : !canClaim ? (
        <Text size="sm" c="dimmed">
          Unclaimed
        </Text>
      ) : (
        <Button
          size="compact-xs"
          leftSection={<IconHandGrab size={13} />}
          loading={mutation.isPending}
          onClick={() => mutation.mutate(me)}
          aria-label={`Claim ${label}`}
        >
          Claim
        </Button>
      )}
      {mayChange && (
        <AssignForm
          label={label}
          staff={staff.filter((u) => u.id !== holder?.id)}
          pending={mutation.isPending}
          onAssign={(id) => mutation.mutateAsync(id)}
        />
      )}
    </Group>
  );
}

function AssignForm(props: {
  label: string;
  staff: UserBrief[];
  pending: boolean;
  onAssign: (id: number) => Promise<unknown>;
}) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!value) {
      setError(chooseAssigneeMessage);
      return;
    }
    await props.onAssign(Number(value)).catch(() => undefined);
    setOpened(false);
    setValue(null);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Tooltip label="Assign to a staff member" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Assign ${props.label}`}
            onClick={() => {
              setError(null);
              setOpened((o) => !o);
            }}
          >
            <IconUserShare size={15} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="xs" w={240}>
            <Select
              label="Assign to"
              placeholder="Choose a staff member"
              withAsterisk
              searchable
              // The popover focuses this box; the list opens on click or typing, not over the button.
              openOnFocus={false}
              data={props.staff.map((u) => ({ value: String(u.id), label: u.full_name }))}
              value={value}
              onChange={(next) => {
                setValue(next);
                setError(null);
              }}
              error={error}
              comboboxProps={{ withinPortal: false }}
              nothingFoundMessage="No staff member found"
            />
            <Button type="submit" size="xs" loading={props.pending}>
              Assign
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
