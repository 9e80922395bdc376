import { averageTurnaround, BACK_TO_REPORT, CARDS, type ReportSubject, STAFF_REPORT_CARDS } from '@dd/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { BackButton, Loading } from '../../ui';
import { staffReportQuery } from './api';
import { ReportRequestsTable } from './ReportRequestsTable';
import classes from './staff-reports.module.css';

/**
 * One employee's, law firm's, paralegal's or provider's report (or every request's): count cards with
 * the 5, 10 and 15 day thresholds; the chosen card (?card=) shows the table of exactly those requests.
 */
const KIND_LABELS = {
  all: 'Every request',
  employee: 'Employee report',
  law_firm: 'Law firm report',
  paralegal: 'Paralegal report',
  provider: 'Provider report',
} as const;

export const BackToReport = () => <BackButton to="/dashboard/">{BACK_TO_REPORT}</BackButton>;

export function SubjectReport({ subject }: { subject: ReportSubject }) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('card');
  const card = chosen && CARDS[chosen] ? chosen : 'open_requests';
  const report = useQuery(staffReportQuery(subject));
  const choose = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('card', key);
        return next;
      },
      { replace: false },
    );

  if (report.isError) {
    return (
      <Stack gap="md" maw={640}>
        <Alert color="red" title="This report is not available">
          {report.error.message}
        </Alert>
        <Group>
          <BackToReport />
        </Group>
      </Stack>
    );
  }
  if (!report.data) return <Loading label="Loading the report" />;
  const { subject: who, cards } = report.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
            {KIND_LABELS[who.kind]}
          </Text>
          <Title order={1}>{who.name}</Title>
          <Text c="dimmed" size="sm">
            Average turnaround{' '}
            {averageTurnaround(report.data.total_turnaround, report.data.total_received).toFixed(2)} days over{' '}
            {report.data.total_received} received
          </Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to="/report/" variant="subtle">
            All Staff Reports
          </Button>
          <BackToReport />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5, lg: 6 }} spacing="sm">
        {STAFF_REPORT_CARDS.map((key) => (
          <Paper
            key={key}
            component="button"
            type="button"
            withBorder
            radius="md"
            p="sm"
            className={classes.card}
            data-active={key === card || undefined}
            aria-pressed={key === card}
            onClick={() => choose(key)}
          >
            <Text size="xs" lh={1.3} mih={32} className={classes.label}>
              {CARDS[key].label}
            </Text>
            <Text fz={24} fw={700}>
              {cards[key] ?? 0}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <section aria-labelledby="report-table">
        <Title order={2} size="h4" id="report-table" mb="sm">
          {CARDS[card].label}
          <Text span c="dimmed" fw={400} size="sm" ml="xs">
            {who.name}
          </Text>
        </Title>
        <ReportRequestsTable subject={subject} card={card} />
      </section>
    </Stack>
  );
}
