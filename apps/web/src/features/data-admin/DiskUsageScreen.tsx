import '@mantine/charts/styles.css';
import { type DiskUsage, formatDate, formatGb } from '@dd/shared';
import { LineChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../auth';
import { Card, DataTable, type DataTableColumn } from '../../ui';
import { adminKeys, listDiskUsage, takeDiskSnapshot } from './api';

const gb = (bytes: number | null) => (bytes === null ? '—' : `${formatGb(bytes)} GB`);

const COLUMNS: DataTableColumn<DiskUsage>[] = [
  {
    key: 'created_at',
    title: 'Date',
    render: (r) =>
      `${formatDate(r.created_at)} ${new Date(r.created_at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`,
  },
  { key: 'total', title: 'Total', align: 'right', render: (r) => gb(r.total) },
  { key: 'free', title: 'Free', align: 'right', render: (r) => gb(r.free) },
  { key: 'used', title: 'Used', align: 'right', render: (r) => gb(r.used) },
  { key: 'database_bytes', title: 'Database', align: 'right', render: (r) => gb(r.database_bytes) },
  { key: 'files_bytes', title: 'Stored files', align: 'right', render: (r) => gb(r.files_bytes) },
];

/** /diskusage/ (Data Usage): disk snapshots of the data volume in GB, and used space over time. */
export default function DiskUsageScreen() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const snapshots = useQuery({
    queryKey: adminKeys.diskUsage,
    queryFn: ({ signal }) => listDiskUsage(signal),
  });
  const [taking, setTaking] = useState(false);
  const latest = snapshots.data?.[0];
  const chart = [...(snapshots.data ?? [])].reverse().map((s) => ({
    date: formatDate(s.created_at),
    Used: Number(formatGb(s.used)),
    Total: Number(formatGb(s.total)),
  }));

  const take = async () => {
    setTaking(true);
    try {
      await takeDiskSnapshot();
      await queryClient.invalidateQueries({ queryKey: adminKeys.diskUsage });
      notifications.show({ color: 'green', message: 'Snapshot taken.' });
    } catch (failure) {
      notifications.show({ color: 'red', message: (failure as Error).message });
    } finally {
      setTaking(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Data Usage</Title>
          <Text c="dimmed">Space on the data volume, recorded when the server starts and once a day.</Text>
        </div>
        {user?.is_admin_user && (
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void take()}
            loading={taking}
          >
            Take a snapshot now
          </Button>
        )}
      </Group>
      {snapshots.isError && <Alert color="red">{snapshots.error.message}</Alert>}
      {latest && (
        <Group grow align="stretch">
          {[
            [
              'Used',
              gb(latest.used),
              `${Math.round((latest.used / latest.total) * 100)}% of ${gb(latest.total)}`,
            ],
            ['Free', gb(latest.free), 'available for new records and files'],
            ['Database', gb(latest.database_bytes), 'requests, notes and everything else'],
            [
              'Stored files',
              gb(latest.files_bytes),
              latest.files_bytes === null ? 'kept in object storage' : 'uploaded records and forms',
            ],
          ].map(([label, value, hint]) => (
            <Paper key={label} withBorder radius="md" p="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text fz={26} fw={700}>
                {value}
              </Text>
              <Text size="xs" c="dimmed">
                {hint}
              </Text>
            </Paper>
          ))}
        </Group>
      )}
      {chart.length > 1 && (
        <Card title="Used space over time">
          <LineChart
            h={240}
            data={chart}
            dataKey="date"
            series={[
              { name: 'Used', color: 'brand.6' },
              { name: 'Total', color: 'gray.5' },
            ]}
            unit=" GB"
            curveType="linear"
            withDots={chart.length < 60}
          />
        </Card>
      )}
      <DataTable columns={COLUMNS} rows={snapshots.data} objectName="Snapshot" minWidth={640} />
    </Stack>
  );
}
