/**
 * Escalation before overdue: the open requests due soon, overdue and 30+ days overdue, in total and per
 * staff member and per law firm. Each count opens the staff list filtered to exactly those requests. Shown
 * above the To Do list and on the data dashboard.
 */
import {
  DEADLINE_STATUS_LABELS,
  type DeadlineEscalation,
  ESCALATION_STATUSES,
  type EscalationCounts,
  type EscalationStatus,
  escalationListLink,
} from '@dd/shared';
import { Anchor, Badge, Button, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconClockHour4 } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../ui';
import { useDeadlineEscalation } from './api';

const COLORS: Record<EscalationStatus, string> = {
  due_soon: 'yellow',
  overdue: 'orange',
  very_overdue: 'red',
};
const SHORT: Record<EscalationStatus, string> = {
  due_soon: 'Due soon',
  overdue: 'Overdue',
  very_overdue: '30+ days',
};

type Who = Parameters<typeof escalationListLink>[1];

function TotalBadge({ status, count }: { status: EscalationStatus; count: number }) {
  const Icon = status === 'due_soon' ? IconClockHour4 : IconAlertTriangle;
  const label = `${count} ${DEADLINE_STATUS_LABELS[status].toLowerCase()}`;
  const badge = (
    <Badge
      color={COLORS[status]}
      variant={count > 0 && status !== 'due_soon' ? 'filled' : 'light'}
      size="lg"
      radius="sm"
      tt="none"
      leftSection={<Icon size={14} aria-hidden />}
    >
      {label}
    </Badge>
  );
  return count > 0 ? (
    <Anchor
      component={Link}
      to={escalationListLink(status, {})}
      underline="never"
      aria-label={`${label}: show them`}
    >
      {badge}
    </Anchor>
  ) : (
    badge
  );
}

function CountCell({
  counts,
  status,
  who,
  name,
}: {
  counts: EscalationCounts;
  status: EscalationStatus;
  who: Who;
  name: string;
}) {
  const n = counts[status];
  if (n === 0)
    return (
      <Text span size="sm" c="dimmed">
        0
      </Text>
    );
  return (
    <Anchor
      component={Link}
      to={escalationListLink(status, who)}
      size="sm"
      fw={700}
      c={status === 'due_soon' ? undefined : `${COLORS[status]}.8`}
      aria-label={`${n} ${DEADLINE_STATUS_LABELS[status].toLowerCase()} for ${name}`}
    >
      {n}
    </Anchor>
  );
}

function CountsTable(props: {
  caption: string;
  nameTitle: string;
  rows: { key: string; name: string; who: Who; counts: EscalationCounts }[];
}) {
  return (
    <div>
      <Title order={3} size="h6" mb={6}>
        {props.caption}
      </Title>
      {props.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing due soon or overdue.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table striped highlightOnHover verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{props.nameTitle}</Table.Th>
                {ESCALATION_STATUSES.map((s) => (
                  <Table.Th key={s} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {SHORT[s]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{row.name}</Table.Td>
                  {ESCALATION_STATUSES.map((s) => (
                    <Table.Td key={s} ta="right">
                      <CountCell counts={row.counts} status={s} who={row.who} name={row.name} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}

function staffRows(data: DeadlineEscalation) {
  return data.by_staff.map(({ user, ...counts }) => ({
    key: String(user?.id ?? 'none'),
    name: user?.full_name ?? 'Unclaimed',
    who: { staff: user?.id ?? null },
    counts,
  }));
}

function firmRows(data: DeadlineEscalation) {
  return (data.by_firm ?? []).map(({ company, ...counts }) => ({
    key: String(company.id),
    name: company.name,
    who: { firm: company.id },
    counts,
  }));
}

/** `open`: the tables per staff member and firm show at first (the data dashboard); else behind a button. */
export function DeadlineEscalationPanel({ open: openAtFirst = false }: { open?: boolean }) {
  const query = useDeadlineEscalation();
  const [open, setOpen] = useState(openAtFirst);
  const panelId = useId();
  const data = query.data;
  return (
    <Card
      title="Legal Deadlines"
      order={2}
      padding="md"
      actions={
        data && (
          <Button
            variant="subtle"
            size="xs"
            rightSection={<IconChevronDown size={14} style={{ rotate: open ? '180deg' : undefined }} />}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide' : 'Show'} by staff member and law firm
          </Button>
        )
      }
    >
      {!data ? (
        <Text size="sm" c="dimmed">
          {query.isError ? 'The legal deadlines could not be counted.' : 'Counting legal deadlines…'}
        </Text>
      ) : (
        <>
          <Group gap="xs" role="group" aria-label="Legal deadlines of open requests">
            {ESCALATION_STATUSES.map((s) => (
              <TotalBadge key={s} status={s} count={data.total[s]} />
            ))}
          </Group>
          {open && (
            <SimpleGrid id={panelId} cols={{ base: 1, md: 2 }} spacing="lg" pt="xs">
              <CountsTable caption="By staff member" nameTitle="Staff member" rows={staffRows(data)} />
              {data.by_firm && (
                <CountsTable caption="By law firm" nameTitle="Law firm" rows={firmRows(data)} />
              )}
            </SimpleGrid>
          )}
        </>
      )}
    </Card>
  );
}
