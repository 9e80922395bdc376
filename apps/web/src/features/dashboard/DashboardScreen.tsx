import { BACK_TO_REPORT, RECORDS_SEARCH_MSG } from '@dd/shared';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import {
  IconFileSearch,
  IconListCheck,
  IconMail,
  IconNotes,
  IconReportAnalytics,
  IconShieldLock,
  IconTools,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth';
import { BackButton, idParam, Loading, type ScreenProps } from '../../ui';
import { NotificationEmailsSetting } from '../notifications';
import { TodoCounts } from '../staff-list';
import { DeadlineDigestSetting } from './DeadlineDigestSetting';
import { FirmDashboard } from './FirmDashboard';
import { TimeZoneSetting } from './TimeZoneSetting';

/** The staff data dashboard and its charts load only for the retrieval company's users. */
const DataDashboardView = lazy(() =>
  import('../data-dashboard').then((m) => ({ default: m.DataDashboardView })),
);

/**
 * Dashboard route choice (law-firm spec section 2): with company and user id, that user's view; with a
 * company id, that company's dashboard (the per-company view staff reach from the company list); with none,
 * internal users get the staff home (data dashboard and their work lists) and everyone else the standard one.
 */
export default function DashboardScreen({ params }: ScreenProps) {
  const { user } = useAuth();
  if (!user) return null;
  const [companyParam, userParam] = params;
  if (!companyParam && user.is_internal) {
    return (
      <StaffHome
        timezone={user.timezone}
        manageRoles={user.abilities.manage_roles}
        staff={user.abilities.is_internal_staff}
      />
    );
  }
  const companyId = companyParam ? (idParam(companyParam) ?? undefined) : user.company_id;
  const viewAsUserId = userParam ? (idParam(userParam) ?? undefined) : undefined;
  if (companyId === undefined || (userParam && viewAsUserId === undefined)) {
    return (
      <Alert color="red" title="Dashboard not found" maw={640} mx="auto">
        Check the address.{' '}
        <Anchor component={Link} to="/dashboard/" size="sm">
          Go to your dashboard
        </Anchor>
      </Alert>
    );
  }
  const dashboard = (
    <FirmDashboard
      key={`${companyId}-${viewAsUserId ?? ''}`}
      companyId={companyId}
      viewAsUserId={viewAsUserId}
    />
  );
  if (companyParam) {
    if (!user.abilities.is_internal_staff) return dashboard;
    // Staff looking at a firm's (or one of its users') dashboard come back to the full report.
    return (
      <Stack gap="md">
        <Group justify="flex-end">
          <BackButton to="/dashboard/">{BACK_TO_REPORT}</BackButton>
        </Group>
        {dashboard}
      </Stack>
    );
  }
  // The user's own dashboard also holds their settings (the spec has no account screen).
  return (
    <Stack gap="xl">
      {dashboard}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={980}>
        <TimeZoneSetting timezone={user.timezone} />
        <DeadlineDigestSetting enabled={user.weekly_deadline_digest} />
        <NotificationEmailsSetting />
      </SimpleGrid>
    </Stack>
  );
}

/** The internal company's /dashboard/: the way into the to-do list and the other staff lists. */
function StaffHome(props: { timezone: string; manageRoles: boolean; staff: boolean }) {
  const { timezone, manageRoles, staff } = props;
  return (
    <Stack gap="lg">
      <TodoCounts />
      <Group gap="sm">
        <Button component={Link} to="/requestlist/" leftSection={<IconListCheck size={18} />}>
          To Do List
        </Button>
        {staff && (
          <Button
            component={Link}
            to="/report/"
            variant="default"
            leftSection={<IconReportAnalytics size={18} />}
          >
            Staff Reports
          </Button>
        )}
        {staff && (
          <Button
            component={Link}
            to="/searchRecords/"
            variant="default"
            leftSection={<IconFileSearch size={18} />}
          >
            {RECORDS_SEARCH_MSG.title}
          </Button>
        )}
        <Button component={Link} to="/notelist/" variant="default" leftSection={<IconNotes size={18} />}>
          Note Templates
        </Button>
        <Button component={Link} to="/emailOutbox/" variant="default" leftSection={<IconMail size={18} />}>
          Email Outbox
        </Button>
        {manageRoles && (
          <Button component={Link} to="/roles/" variant="default" leftSection={<IconShieldLock size={18} />}>
            Roles and Permissions
          </Button>
        )}
        {staff && (
          <Button component={Link} to="/admin/" variant="default" leftSection={<IconTools size={18} />}>
            Administration
          </Button>
        )}
      </Group>
      <Suspense fallback={<Loading label="Loading the data dashboard" />}>
        <DataDashboardView />
      </Suspense>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={980}>
        <TimeZoneSetting timezone={timezone} />
        <NotificationEmailsSetting />
      </SimpleGrid>
    </Stack>
  );
}
