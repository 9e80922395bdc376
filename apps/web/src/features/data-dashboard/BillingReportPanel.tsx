import { DASHBOARD_PERIODS, type DashboardPeriod, formatMoney, periodStart, todayIn } from '@dd/shared';
import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { dataDashboardKeys, getBillingReport } from './api';

/**
 * The billing report (holders of view_fees): requests finished between From and To with their fees and
 * costs, per law firm. From and To start on this month in the user's stored time zone; Today, This Week
 * and This Month reset them to the start of that period.
 */
const PERIOD_BUTTONS: Record<DashboardPeriod, string> = {
  day: 'Today',
  week: 'This Week',
  month: 'This Month',
};

export function BillingReportPanel({ timezone }: { timezone: string }) {
  const today = todayIn(timezone);
  const [range, setRange] = useState({ from: periodStart(today, 'month'), to: today });
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to);
  const report = useQuery({
    queryKey: dataDashboardKeys.billingReport(range.from, range.to),
    queryFn: ({ signal }) => getBillingReport(range.from, range.to, signal),
    enabled: valid,
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="dd-billing-report">
      <Title order={2} size="h4" id="dd-billing-report" mb="sm">
        Billing Report
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label="From"
              value={range.from}
              onChange={(e) => {
                const from = e.currentTarget.value;
                setRange((r) => ({ ...r, from }));
              }}
            />
            <TextInput
              type="date"
              label="To"
              value={range.to}
              onChange={(e) => {
                const to = e.currentTarget.value;
                setRange((r) => ({ ...r, to }));
              }}
            />
            {DASHBOARD_PERIODS.map((p) => (
              <Button
                key={p}
                variant="default"
                onClick={() => setRange({ from: periodStart(today, p), to: today })}
              >
                {PERIOD_BUTTONS[p]}
              </Button>
            ))}
          </Group>
          {report.isError && (
            <Text c="red" role="alert">
              {report.error.message}
            </Text>
          )}
          {report.data && (
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Law Firm</Table.Th>
                  <Table.Th ta="right">Finished requests</Table.Th>
                  <Table.Th ta="right">Fees</Table.Th>
                  <Table.Th ta="right">Costs</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.data.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" size="sm">
                        No request was finished in this period.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {report.data.rows.map((r) => (
                  <Table.Tr key={r.company_id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/invoice/${r.company_id}/`} size="sm">
                        {r.law_firm}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{r.finished}</Table.Td>
                    <Table.Td ta="right">{formatMoney(r.fees)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(r.costs)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(r.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>All law firms</Table.Th>
                  <Table.Th ta="right">{report.data.totals.finished}</Table.Th>
                  <Table.Th ta="right">{formatMoney(report.data.totals.fees)}</Table.Th>
                  <Table.Th ta="right">{formatMoney(report.data.totals.costs)}</Table.Th>
                  <Table.Th ta="right">{formatMoney(report.data.totals.total)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          )}
        </Stack>
      </Paper>
    </section>
  );
}
