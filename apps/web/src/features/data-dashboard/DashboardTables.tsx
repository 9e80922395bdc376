import { type DataDashboard, formatMoney, PERIOD_LABELS, type TableData } from '@dd/shared';
import { Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';

/** Show Tables: per period, new and completed requests and fees, for the company, each employee and firm. */
type Tables = DataDashboard['table_data'];
const COLUMNS = [
  ['day', PERIOD_LABELS.day],
  ['week', PERIOD_LABELS.week],
  ['month', PERIOD_LABELS.month],
  ['all', 'All Time'],
] as const;
const ROWS: [string, (t: TableData) => string][] = [
  ['New Requests', (t) => String(t.created)],
  ['Completed Requests', (t) => String(t.completed)],
  ['DD Fees', (t) => (t.fees === null ? '—' : formatMoney(t.fees))],
];

function PeriodTable({ title, tables }: { title: string; tables: Tables }) {
  const titleId = useId();
  return (
    // On a phone the figures can be wider than the card: it scrolls sideways, and can be focused to do so.
    <Paper
      component="section"
      aria-labelledby={titleId}
      tabIndex={0}
      withBorder
      radius="md"
      p="sm"
      style={{ overflowX: 'auto' }}
    >
      <Title order={2} size="h5" mb="xs" id={titleId}>
        {title}
      </Title>
      <Table fz="sm" striped horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {COLUMNS.map(([key, label]) => (
              <Table.Th key={key} ta="right">
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROWS.map(([label, read]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              {COLUMNS.map(([key]) => (
                <Table.Td key={key} ta="right">
                  {read(tables[key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

export function DashboardTables({ data }: { data: DataDashboard }) {
  const employees = [...Object.values(data.employees), data.unassigned_requests];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <PeriodTable title="Direct Docs" tables={data.table_data} />
      {employees.map((e) => (
        <PeriodTable key={e.id ?? 'unassigned'} title={e.name} tables={e.table_data} />
      ))}
      {Object.values(data.law_firms).map((f) => (
        <PeriodTable key={f.id} title={f.name} tables={f.table_data} />
      ))}
      {employees.length === 0 && <Text c="dimmed">No employees yet.</Text>}
    </SimpleGrid>
  );
}
