import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth';
import type { ScreenProps } from '../../app/screens';
import { FrameScreen } from '../frames/FrameScreen';
import { FRAMES } from '../frames/frames';

/**
 * Dashboard route choice (law-firm spec section 2): with company and user id, that user's view; with a
 * company id, staff get the per-company dashboard and others the standard one; with none, internal users
 * get the staff data dashboard and everyone else the standard dashboard.
 */
export default function DashboardScreen({ params }: ScreenProps) {
  const { user } = useAuth();
  if (!user) return null;
  const [companyParam, userParam] = params;
  if (!companyParam && user.is_internal) return <FrameScreen frame={FRAMES.data_dashboard} />;
  if (companyParam && !userParam && user.is_staff) return <FrameScreen frame={FRAMES.old_dashboard} />;
  const companyId = companyParam ? Number(companyParam) : user.company_id;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{companyParam ? 'Company Dashboard' : `${user.company_name} Dashboard`}</Title>
          <Text c="dimmed">
            Welcome, {user.first_name}. Records to download, requests that need you, clients and open
            requests.
          </Text>
        </div>
        <Button component={Link} to={`/editRequest/${companyId}/`} leftSection={<IconPlus size={18} />}>
          Start New Request
        </Button>
      </Group>
      <Paper withBorder radius="lg" p="xl">
        <Text fw={600}>Download Records, Need Your Attention, Clients and All Open Requests</Text>
        <Text c="dimmed" size="sm">
          These lists are not available yet. Start a new request with the button above.
        </Text>
      </Paper>
    </Stack>
  );
}
