import { type ReportSubject, SUBJECT_SEGMENTS } from '@dd/shared';
import { Alert, Anchor, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { idParam, type ScreenProps } from '../../ui';
import { AssignmentTable } from './AssignmentTable';
import { FirmPicker, ParalegalPicker, ProviderReportList } from './ReportLists';
import { BackToReport, SubjectReport } from './SubjectReport';

/**
 * /report/ (internal staff): the staff reports. Without a subject, the assignment table and the lists
 * that pick a law firm, paralegal or provider; with one (/report/employee/{id|unassigned}/,
 * /report/firm/{id}/, /report/paralegal/{id}/, /report/provider/{id}/, /report/all/), its report.
 */
const SEGMENT_KINDS = Object.fromEntries(Object.entries(SUBJECT_SEGMENTS).map(([kind, seg]) => [seg, kind]));
const TABS = ['assignments', 'firms', 'paralegals', 'providers'] as const;

function subjectOf(params: string[]): ReportSubject | null | undefined {
  const [segment, raw] = params;
  if (!segment) return undefined;
  const kind = SEGMENT_KINDS[segment.toLowerCase()];
  if (kind === 'all') return {};
  if (kind === 'employee' && raw === 'unassigned') return { employee: 'none' };
  const id = idParam(raw);
  if (!kind || id === null) return null;
  return { [kind]: id };
}

export default function ReportsScreen({ params }: ScreenProps) {
  const subject = subjectOf(params);
  if (subject === null) {
    return (
      <Alert color="red" title="Report not found" maw={640} mx="auto">
        Check the address.{' '}
        <Anchor component={Link} to="/report/" size="sm">
          See all staff reports
        </Anchor>
      </Alert>
    );
  }
  // A new subject is a new screen: its card and paging start fresh.
  if (subject) return <SubjectReport key={params.join('/')} subject={subject} />;
  return <ReportsHub />;
}

function ReportsHub() {
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((t) => t === search.get('tab')) ?? 'assignments';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Staff Reports</Title>
          <Text c="dimmed">
            Who holds which requests, and each law firm's, paralegal's and provider's report.
          </Text>
        </div>
        <BackToReport />
      </Group>
      <Paper withBorder radius="lg" p="md">
        <Tabs
          value={tab}
          onChange={(value) => setSearch(value && value !== 'assignments' ? { tab: value } : {})}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="assignments">Assignments</Tabs.Tab>
            <Tabs.Tab value="firms">Law Firms</Tabs.Tab>
            <Tabs.Tab value="paralegals">Paralegals</Tabs.Tab>
            <Tabs.Tab value="providers">Providers</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="assignments">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Text size="sm" c="dimmed">
                  Open requests each employee holds. A name opens the employee's report, a number its
                  requests.
                </Text>
                <Anchor component={Link} to="/report/all/" size="sm">
                  Every request's report
                </Anchor>
              </Group>
              <AssignmentTable />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="firms">{tab === 'firms' && <FirmPicker />}</Tabs.Panel>
          <Tabs.Panel value="paralegals">{tab === 'paralegals' && <ParalegalPicker />}</Tabs.Panel>
          <Tabs.Panel value="providers">{tab === 'providers' && <ProviderReportList />}</Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
