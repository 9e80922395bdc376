import { formatDate, type RequestDetail } from '@dd/shared';
import { Alert, Badge, Button, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { dataQueries } from '../../api/data';
import { Card, idParam, Loading, type ScreenProps } from '../../ui';

type Check = [label: string, value: string, ok: boolean];

/** What staff look at when a request behaves oddly: its state, files, notes and money, each checked. */
function checksOf(r: RequestDetail): Check[] {
  const live = r.files.filter((f) => !f.archived);
  const unverified = live.filter((f) => !f.supporting_file && !f.verified_by);
  const unbilled = r.invoices.filter((i) => !i.bill_id);
  const closed = /Closed|Completed/.test(r.status);
  return [
    ['Status', r.status, true],
    ['Active (shown in lists)', r.active ? 'Yes' : 'No: deleted while it had work on it', r.active],
    ['Archived', r.archived ? 'Yes' : 'No', true],
    ['Created', formatDate(r.created_at), true],
    ['Days old', String(r.days_old), true],
    ['Files', `${live.length} (${r.files.length - live.length} removed)`, true],
    ['Files waiting for verification', String(unverified.length), unverified.length === 0],
    ['Notes', String(r.notes.length), true],
    [
      'Invoice lines',
      `${r.invoices.length} (${unbilled.length} not billed yet)`,
      !closed || r.invoices.length > 0,
    ],
    [
      'Documents received',
      r.received_document ? 'Yes' : 'No',
      !closed || r.received_document || /No Documents|Cancelled/.test(r.status),
    ],
  ];
}

/** /test/{id}: a diagnostics view of one request for internal administrators. */
export default function TestScreen({ params }: ScreenProps) {
  const id = idParam(params[0]);
  const navigate = useNavigate();
  const [typed, setTyped] = useState<number | ''>(id ?? '');
  const request = useQuery({ ...dataQueries.requestDetail(id ?? 0), enabled: id !== null });
  const r = request.data;

  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1}>Request diagnostics</Title>
        <Text c="dimmed">Check one request’s state, files, notes and invoice lines at a glance.</Text>
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (typed !== '') navigate(`/test/${typed}/`);
        }}
      >
        <Group align="flex-end">
          <NumberInput
            label="Request id"
            min={1}
            value={typed}
            onChange={(v) => setTyped(typeof v === 'number' ? v : '')}
            w={180}
          />
          <Button type="submit">Check</Button>
        </Group>
      </form>
      {id === null && <Text c="dimmed">Enter a request id to check it.</Text>}
      {request.isError && <Alert color="red">{request.error.message}</Alert>}
      {id !== null && request.isPending && <Loading />}
      {r && (
        <Card
          title={`Request ${r.internal_number}`}
          actions={
            <Group gap="xs">
              <Button component={Link} to={`/request/${r.id}/`} size="compact-sm" variant="light">
                Open request
              </Button>
              <Button
                component={Link}
                to={`/instance/home/request/${r.id}/`}
                size="compact-sm"
                variant="subtle"
              >
                Record
              </Button>
            </Group>
          }
        >
          <Text size="sm">
            {r.patient.full_name} · {r.patient.company.name} · {r.provider.name}
          </Text>
          <Table aria-label="Checks" fz="sm">
            <Table.Tbody>
              {checksOf(r).map(([label, value, ok]) => (
                <Table.Tr key={label}>
                  <Table.Th w="40%">{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                  <Table.Td w={110}>
                    <Badge color={ok ? 'green' : 'orange'} variant="light">
                      {ok ? 'OK' : 'Look at this'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}
