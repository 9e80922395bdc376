import { Stack, Text, Title } from '@mantine/core';
import { DataDashboardView } from './DataDashboardView';

/** /data_dashboard/: the staff data dashboard on its own page. */
export default function DataDashboardScreen() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Data Dashboard</Title>
        <Text c="dimmed">Totals, employees, law firms and requests across Direct Docs.</Text>
      </div>
      <DataDashboardView heading={false} />
    </Stack>
  );
}
