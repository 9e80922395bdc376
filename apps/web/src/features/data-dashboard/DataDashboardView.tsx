import {
  CARDS,
  DATA_DASHBOARD_CARDS,
  type DataDashboard,
  type EmployeeStats,
  formatMoney,
  type LawFirmStats,
  PERIOD_LABELS,
} from '@dd/shared';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconTable } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth';
import { Loading } from '../../ui';
import { DeadlineEscalationPanel } from '../staff-list';
import { dataDashboardQuery } from './api';
import { BillingReportPanel } from './BillingReportPanel';
import { CompletedFeesTable } from './CompletedFeesTable';
import { DashboardTables } from './DashboardTables';

/**
 * The staff data dashboard (staff spec sections 2 and 4): open requests load on mount, closed ones on
 * 'Load Closed Requests' (Loading..., then Loaded). Totals, Employees, Law Firms and Requests sections;
 * Show Tables switches to the per-period tables. Every figure comes from GET /api/home/dashboard/, and
 * the legal deadlines due soon and overdue per employee and firm from GET /api/home/dashboard/deadlines/.
 */
const PERIODS = ['day', 'week', 'month'] as const;
/** The chart library is large: the figures show first, the charts when it has loaded. */
const DashboardCharts = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.DashboardCharts })));
const money = (value: string | null) => (value === null ? null : formatMoney(value));

function Stat({ label, value, to }: { label: string; value: ReactNode; to?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {to ? (
          <Anchor component={Link} to={to} size="sm">
            {label}
          </Anchor>
        ) : (
          label
        )}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Group>
  );
}

function Card({ title, to, children }: { title: string; to?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="xs">
        {to ? (
          <Anchor component={Link} to={to} inherit>
            {title}
          </Anchor>
        ) : (
          title
        )}
      </Title>
      <Stack gap={4}>{children}</Stack>
    </Paper>
  );
}

/** A request card: its count, opening the table of those requests. */
function CountTile({ label, value, to }: { label: string; value: number; to?: string }) {
  const body = (
    <>
      <Text size="xs" c="dimmed" lh={1.3} mih={32}>
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
    </>
  );
  return to ? (
    <Paper
      component={Link}
      to={to}
      withBorder
      radius="md"
      p="sm"
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      {body}
    </Paper>
  ) : (
    <Paper withBorder radius="md" p="sm">
      {body}
    </Paper>
  );
}

/** Each employee's, firm's and card's report (staff only: the reports are internal staff's). */
const employeeReport = (e: EmployeeStats) => `/report/employee/${e.id ?? 'unassigned'}/`;

function EmployeeCard({
  e,
  closedLoaded,
  linked,
}: {
  e: EmployeeStats;
  closedLoaded: boolean;
  linked: boolean;
}) {
  return (
    <Card title={e.name} to={linked ? employeeReport(e) : undefined}>
      <Stat label="Total Requests" value={e.total_employee_requests} />
      <Stat label="Open" value={e.open} />
      {closedLoaded && <Stat label="Closed" value={e.closed} />}
      <Stat label="Overdue Reminders" value={e.overdue_requests} />
      {closedLoaded && <Stat label="Average Turnaround" value={`${e.average_turnaround.toFixed(2)} days`} />}
      {closedLoaded &&
        PERIODS.map((p) => (
          <Stat
            key={p}
            label={`Closed ${PERIOD_LABELS[p]}`}
            value={e.closed_requests_in_last[p]}
            to={linked ? `${employeeReport(e)}?card=closed_requests_in_last_${p}` : undefined}
          />
        ))}
      {e.notes_created_last &&
        PERIODS.map((p) => (
          <Stat key={p} label={`Notes ${PERIOD_LABELS[p]}`} value={e.notes_created_last?.[p]} />
        ))}
    </Card>
  );
}

function FirmCard({ f, closedLoaded, linked }: { f: LawFirmStats; closedLoaded: boolean; linked: boolean }) {
  return (
    <Card title={f.name} to={linked ? `/report/firm/${f.id}/` : `/dashboard/${f.id}/`}>
      <Stat label="Total Requests" value={f.total_firm_requests} />
      {closedLoaded && f.total_price !== null && <Stat label="Total Price" value={money(f.total_price)} />}
      <Stat label="Open" value={f.open} />
      {closedLoaded && <Stat label="Closed" value={f.closed} />}
      {closedLoaded && <Stat label="Average Turnaround" value={`${f.average_turnaround.toFixed(2)} days`} />}
      {PERIODS.map((p) => (
        <Stat key={p} label={`New ${PERIOD_LABELS[p]}`} value={f.requests_in_last[p]} />
      ))}
      {closedLoaded &&
        PERIODS.map((p) => (
          <Stat key={p} label={`Closed ${PERIOD_LABELS[p]}`} value={f.closed_requests_in_last[p]} />
        ))}
    </Card>
  );
}

function Totals({ d, closedLoaded }: { d: DataDashboard; closedLoaded: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: d.total_price === null ? 4 : 5 }} spacing="md">
      <Card title="Total # of Law Firms">
        <Text fz={32} fw={700}>
          {d.total_law_firms}
        </Text>
      </Card>
      <Card title="Average Turnaround Time">
        <Text fz={32} fw={700}>
          {closedLoaded ? `${d.average_time.toFixed(2)}` : '—'}
        </Text>
        <Text size="sm" c="dimmed">
          days from order to documents
        </Text>
      </Card>
      <Card title="Total # of DD Employees">
        <Text fz={32} fw={700}>
          {d.total_employees}
        </Text>
      </Card>
      <Card title="Total DD Requests" to="/requestlist/?view=all">
        <Text fz={32} fw={700}>
          {closedLoaded ? d.total_requests : d.open_requests}
        </Text>
        <Stat label="Open" value={d.open_requests} />
        <Stat label="Closed" value={closedLoaded ? d.closed_requests : '—'} />
        {PERIODS.map((p) => (
          <Stat key={p} label={`New ${PERIOD_LABELS[p]}`} value={d.cards[`requests_in_last_${p}`]} />
        ))}
      </Card>
      {d.total_price !== null && (
        <Card title="Total DD Fees for All Requests">
          <Text fz={32} fw={700}>
            {closedLoaded ? money(d.total_price) : '—'}
          </Text>
          {closedLoaded &&
            PERIODS.map((p) => (
              <Stat key={p} label={`Fees ${PERIOD_LABELS[p]}`} value={money(d.fees_in_last[p])} />
            ))}
          {closedLoaded && (
            <>
              <Stat
                label="Average Fee per Completed Request"
                value={money(d.average_fee_per_completed_request)}
              />
              <Stat label="Average Fee per Closed Request" value={money(d.average_fee_per_closed_request)} />
            </>
          )}
        </Card>
      )}
    </SimpleGrid>
  );
}

/** `heading`: its own title, left out where the page already has one. */
export function DataDashboardView({ heading = true }: { heading?: boolean }) {
  const { user } = useAuth();
  const linked = Boolean(user?.abilities.is_internal_staff);
  const [closedWanted, setClosedWanted] = useState(false);
  const [tables, setTables] = useState(false);
  const open = useQuery(dataDashboardQuery(true));
  const full = useQuery({ ...dataDashboardQuery(false), enabled: closedWanted });
  const data = full.data ?? open.data;
  const closedLoaded = Boolean(full.data);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          {heading && <Title order={1}>Data Dashboard</Title>}
          <Group gap="lg" mt={4}>
            <Group gap={6}>
              <Text size="sm">Open Requests</Text>
              {open.data ? (
                <Badge color="green" variant="light" tt="none" leftSection={<IconCircleCheck size={14} />}>
                  Loaded
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  Loading...
                </Text>
              )}
            </Group>
            <Group gap={6}>
              <Text size="sm">Closed Requests</Text>
              {closedLoaded ? (
                <Badge color="green" variant="light" tt="none" leftSection={<IconCircleCheck size={14} />}>
                  Loaded
                </Badge>
              ) : closedWanted ? (
                <Text size="sm" c="dimmed" role="status">
                  Loading...
                </Text>
              ) : (
                <Button size="compact-sm" variant="light" onClick={() => setClosedWanted(true)}>
                  Load Closed Requests
                </Button>
              )}
            </Group>
          </Group>
        </div>
        <Button
          variant="default"
          leftSection={<IconTable size={16} />}
          onClick={() => {
            // The tables count completed requests and all-time totals: they need the closed requests too.
            setClosedWanted(true);
            setTables((t) => !t);
          }}
        >
          {tables ? 'Hide Tables' : 'Show Tables'}
        </Button>
      </Group>
      {(open.isError || full.isError) && <Alert color="red">{(full.error ?? open.error)?.message}</Alert>}
      {!data ? (
        open.isError ? null : (
          <Loading label="Loading the data dashboard" />
        )
      ) : tables ? (
        closedLoaded ? (
          <DashboardTables data={data} />
        ) : (
          <Loading label="Loading closed requests for the tables" />
        )
      ) : (
        <>
          <section aria-labelledby="dd-totals">
            <Title order={2} size="h4" id="dd-totals" mb="sm">
              Totals
            </Title>
            <Totals d={data} closedLoaded={closedLoaded} />
          </section>
          <Suspense fallback={null}>
            <DashboardCharts />
          </Suspense>
          <section aria-labelledby="dd-requests">
            <Title order={2} size="h4" id="dd-requests" mb="sm">
              Requests
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing="sm">
              {DATA_DASHBOARD_CARDS.map((key) => (
                <CountTile
                  key={key}
                  label={CARDS[key].label}
                  value={data.cards[key]}
                  to={linked ? `/report/all/?card=${key}` : undefined}
                />
              ))}
            </SimpleGrid>
          </section>
          <DeadlineEscalationPanel open />
          <section aria-labelledby="dd-employees">
            <Title order={2} size="h4" id="dd-employees" mb="sm">
              Employees
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
              {Object.values(data.employees).map((e) => (
                <EmployeeCard key={e.id} e={e} closedLoaded={closedLoaded} linked={linked} />
              ))}
              <EmployeeCard e={data.unassigned_requests} closedLoaded={closedLoaded} linked={linked} />
            </SimpleGrid>
          </section>
          {data.can_view_company_counts && (
            <section aria-labelledby="dd-firms">
              <Title order={2} size="h4" id="dd-firms" mb="sm">
                Law Firms
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
                {Object.values(data.law_firms)
                  .sort((a, b) => b.total_firm_requests - a.total_firm_requests)
                  .map((f) => (
                    <FirmCard key={f.id} f={f} closedLoaded={closedLoaded} linked={linked} />
                  ))}
              </SimpleGrid>
            </section>
          )}
          {data.can_view_fees && <CompletedFeesTable />}
          {data.can_view_fees && <BillingReportPanel timezone={user?.timezone ?? 'UTC'} />}
        </>
      )}
    </Stack>
  );
}
