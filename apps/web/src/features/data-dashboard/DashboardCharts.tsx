import '@mantine/charts/styles.css';
import { formatDate } from '@dd/shared';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dataDashboardKeys, getTrends } from './api';

/** The data dashboard's charts: opened and closed per week, turnaround per week, open requests by age. */
function ChartCard({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {summary}
      </Text>
      {children}
    </Paper>
  );
}

export function DashboardCharts() {
  const trends = useQuery({
    queryKey: dataDashboardKeys.trends(),
    queryFn: ({ signal }) => getTrends(signal),
  });
  if (!trends.data) {
    return trends.isError ? (
      <Text c="red" role="alert">
        {trends.error.message}
      </Text>
    ) : null;
  }
  const weeks = trends.data.weeks.map((w) => ({ ...w, week: formatDate(w.week_start).slice(0, 5) }));
  return (
    <section aria-labelledby="dd-charts">
      <Title order={2} size="h4" id="dd-charts" mb="sm">
        Trends
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        <ChartCard title="Requests opened and closed" summary="Per week, the last 12 weeks">
          <BarChart
            h={220}
            data={weeks}
            dataKey="week"
            series={[
              { name: 'opened', label: 'Opened', color: 'brand.6' },
              { name: 'closed', label: 'Closed', color: 'teal.6' },
            ]}
            withLegend
            tickLine="none"
          />
        </ChartCard>
        <ChartCard title="Turnaround" summary="Average days from order to documents, by week received">
          <LineChart
            h={220}
            data={weeks}
            dataKey="week"
            series={[{ name: 'average_turnaround', label: 'Days', color: 'orange.6' }]}
            connectNulls
            tickLine="none"
          />
        </ChartCard>
        <ChartCard title="Open requests by age" summary="Days since the request was ordered">
          <BarChart
            h={220}
            data={trends.data.open_by_age}
            dataKey="bucket"
            series={[{ name: 'count', label: 'Open requests', color: 'red.6' }]}
            tickLine="none"
          />
        </ChartCard>
      </SimpleGrid>
    </section>
  );
}
