/**
 * The Follow-ups panel of a request: the next follow-up to the provider, the firm's cadence and the whole
 * schedule (date, status and what happened). Internal staff also get the actions: send the next one now,
 * skip it (both confirmed first), and pause or resume the cadence. The firm's users read it only.
 */
import {
  FOLLOW_UP_PAUSE_REASON_LABELS,
  FOLLOW_UP_SKIP_REASON_LABELS,
  FOLLOW_UP_STATUS_LABELS,
  type FollowUp,
  type FollowUpAction,
  type FollowUpSchedule,
  type FollowUpStatus,
  formatDate,
} from '@dd/shared';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconMailForward,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconPrinter,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshData } from '../../api/data';
import { Card, ConfirmDeleteButton, Loading } from '../../ui';
import { runFollowUpAction, useFollowUps } from './api';

const STATUS_COLORS = {
  planned: 'blue',
  sent: 'green',
  skipped: 'gray',
  paused: 'yellow',
} as const satisfies Record<FollowUpStatus, string>;

function detail(f: FollowUp, byLetter: boolean): string {
  if (f.status === 'sent') {
    const how = f.channel === 'letter' ? 'Letter to print or fax' : 'E-mailed';
    // Sent on another day than planned (sent early by staff, or late after a pause): say when.
    const on = f.sent_at ? formatDate(f.sent_at) : null;
    return on && on !== formatDate(f.planned_on) ? `${how} on ${on}` : how;
  }
  if (f.status === 'skipped' && f.skip_reason) {
    const why = FOLLOW_UP_SKIP_REASON_LABELS[f.skip_reason];
    return f.skipped_by ? `${why} (${f.skipped_by})` : why;
  }
  if (f.status === 'paused' && f.pause_reason) return FOLLOW_UP_PAUSE_REASON_LABELS[f.pause_reason];
  if (f.status === 'planned') return byLetter ? 'Letter to print or fax' : 'E-mail to the provider';
  return '';
}

/** Opens the letter alone in a new window and prints it (text only: nothing of the letter is read as HTML). */
function printLetter(title: string, letter: string) {
  const win = window.open('', '_blank', 'noopener=no,width=800,height=900');
  if (!win) {
    notifications.show({ color: 'red', message: 'Allow pop-ups for this site to print the letter.' });
    return;
  }
  win.document.title = title;
  const body = win.document.body;
  body.style.margin = '1in';
  const text = win.document.createElement('div');
  text.style.cssText = 'white-space: pre-wrap; font: 12pt/1.5 Georgia, serif;';
  text.textContent = letter;
  body.replaceChildren(text);
  win.focus();
  win.print();
}

function ScheduleTable({ schedule }: { schedule: FollowUpSchedule }) {
  return (
    // No scroll region (one a keyboard cannot reach): the four columns wrap on a phone.
    <Table verticalSpacing="xs" striped highlightOnHover>
      <Table.Caption>Follow-ups to the provider, oldest first</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">#</Table.Th>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {schedule.follow_ups.map((f) => (
          <Table.Tr key={f.id}>
            <Table.Td>{f.number}</Table.Td>
            <Table.Td>{formatDate(f.planned_on)}</Table.Td>
            <Table.Td>
              <Badge
                color={STATUS_COLORS[f.status]}
                variant="light"
                radius="sm"
                styles={{ label: { overflow: 'visible' } }}
              >
                {FOLLOW_UP_STATUS_LABELS[f.status]}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {detail(f, schedule.by_letter)}
                </Text>
                {f.letter && (
                  <Button
                    size="compact-xs"
                    variant="default"
                    leftSection={<IconPrinter size={12} />}
                    aria-label={`Print follow-up ${f.number} letter`}
                    onClick={() => printLetter(`Follow-up ${f.number}`, f.letter as string)}
                  >
                    Print
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function StaffActions({ requestId, schedule }: { requestId: number; schedule: FollowUpSchedule }) {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<FollowUpAction | null>(null);
  const next = schedule.follow_ups.find((f) => f.status === 'planned');
  const staffPaused = schedule.follow_ups.some((f) => f.status === 'paused' && f.pause_reason === 'staff');
  const waitingOnFirm = schedule.follow_ups.some((f) => f.pause_reason === 'waiting_on_firm');

  async function run(action: FollowUpAction) {
    setRunning(action);
    try {
      const result = await runFollowUpAction(requestId, action);
      notifications.show({ color: 'green', message: result.success });
      await refreshData(queryClient, 'requests');
    } finally {
      setRunning(null);
    }
  }
  const quiet = async (action: FollowUpAction) => {
    try {
      await run(action);
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    }
  };

  if (waitingOnFirm) return null;
  return (
    <Group gap="xs">
      {next && (
        <>
          <ConfirmDeleteButton
            color="blue"
            variant="filled"
            leftSection={<IconMailForward size={18} />}
            label="Send Now"
            message={
              schedule.by_letter
                ? `Follow-up ${next.number} will be logged as a letter to print or fax today.`
                : `Follow-up ${next.number} will be e-mailed to the provider now instead of on ${formatDate(next.planned_on)}.`
            }
            onConfirm={() => run('send')}
            disabled={running !== null}
          />
          <ConfirmDeleteButton
            color="gray"
            leftSection={<IconPlayerSkipForward size={18} />}
            label="Skip"
            message={`Follow-up ${next.number} planned for ${formatDate(next.planned_on)} will not be sent.`}
            onConfirm={() => run('skip')}
            disabled={running !== null}
          />
          <Button
            variant="default"
            leftSection={<IconPlayerPause size={18} />}
            loading={running === 'pause'}
            disabled={running !== null}
            onClick={() => quiet('pause')}
          >
            Pause
          </Button>
        </>
      )}
      {staffPaused && (
        <Button
          variant="light"
          leftSection={<IconPlayerPlay size={18} />}
          loading={running === 'resume'}
          disabled={running !== null}
          onClick={() => quiet('resume')}
        >
          Resume
        </Button>
      )}
    </Group>
  );
}

function Summary({ schedule }: { schedule: FollowUpSchedule }) {
  const waitingOnFirm = schedule.follow_ups.some((f) => f.pause_reason === 'waiting_on_firm');
  return (
    <Stack gap={4}>
      <Group gap="xs" align="baseline">
        <Text size="sm" fw={500}>
          Next follow-up:
        </Text>
        {schedule.next_follow_up ? (
          <Text size="lg" fw={700}>
            {formatDate(schedule.next_follow_up)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {schedule.paused ? 'None while paused' : 'None planned'}
          </Text>
        )}
        {schedule.paused && (
          <Badge color="yellow" variant="light" radius="sm">
            {waitingOnFirm
              ? FOLLOW_UP_PAUSE_REASON_LABELS.waiting_on_firm
              : FOLLOW_UP_PAUSE_REASON_LABELS.staff}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {schedule.cadence}.
      </Text>
    </Stack>
  );
}

export function FollowUpsPanel({ requestId, canAct }: { requestId: number; canAct: boolean }) {
  const query = useFollowUps(requestId);
  return (
    <Card title="Follow-ups">
      {query.isPending ? (
        <Loading label="Loading follow-ups" />
      ) : query.isError ? (
        <Alert color="red" role="alert" title="The follow-ups could not be loaded">
          {query.error.message}
        </Alert>
      ) : query.data.follow_ups.length === 0 ? (
        <Text size="sm" c="dimmed">
          Follow-ups to the provider are planned when the request is first sent to it. {query.data.cadence}.
        </Text>
      ) : (
        <>
          <Summary schedule={query.data} />
          {query.data.by_letter && (
            <Alert color="yellow" title="No e-mail address for this provider">
              Each follow-up becomes a letter to print or fax; it is logged in the notes and the request comes
              onto the To Do list that day.
            </Alert>
          )}
          {canAct && <StaffActions requestId={requestId} schedule={query.data} />}
          <ScheduleTable schedule={query.data} />
        </>
      )}
    </Card>
  );
}
