import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { keyedItems, parseListProp } from './list-prop';
import { SectionHeading, SectionShell } from './shared';
import { defineSection } from './types';

/** Headline figures: a large value, a label and a sentence each. Lists are read in parallel. */
export interface StatListProps {
  eyebrow: string;
  title: string;
  subtitle: string;
  values: string;
  labels: string;
  descriptions: string;
  background: string;
}

const STAT_LIST_DEFAULTS: StatListProps = {
  eyebrow: '',
  title: 'What you can expect',
  subtitle: '',
  values: '3 weeks, Flat rate, HIPAA',
  labels: 'Average turnaround, Per request, Privacy safeguards',
  descriptions: '',
  background: '#f5f8fc',
};

function StatList(props: Partial<StatListProps>) {
  const p = { ...STAT_LIST_DEFAULTS, ...props };
  const values = parseListProp(p.values);
  const labels = parseListProp(p.labels);
  const descriptions = parseListProp(p.descriptions);
  return (
    <SectionShell background={p.background}>
      <Stack gap={48}>
        <SectionHeading eyebrow={p.eyebrow} title={p.title} subtitle={p.subtitle} />
        <SimpleGrid
          cols={{ base: 1, sm: Math.min(values.length, 3) || 1, md: Math.min(values.length, 4) || 1 }}
          spacing="lg"
        >
          {keyedItems(values).map(({ key, value, index: i }) => (
            <Paper
              key={key}
              radius="lg"
              p="xl"
              shadow="xs"
              ta="center"
              style={{ borderTop: '4px solid var(--mantine-color-brand-6)' }}
            >
              <Stack gap={6} align="center">
                <Text fz={{ base: 38, md: 44 }} fw={800} c="brand.8" lh={1.1}>
                  {value}
                </Text>
                {labels[i] && (
                  <Text fw={700} tt="uppercase" fz="sm" lts={1} c="brand.9">
                    {labels[i]}
                  </Text>
                )}
                {descriptions[i] && (
                  <Text c="gray.7" lh={1.6} mt={6}>
                    {descriptions[i]}
                  </Text>
                )}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </SectionShell>
  );
}

export const STAT_LIST_SECTION = defineSection<StatListProps>({
  component: StatList,
  defaults: STAT_LIST_DEFAULTS,
});
