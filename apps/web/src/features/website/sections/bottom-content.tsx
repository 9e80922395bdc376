import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { keyedItems, parseListProp } from './list-prop';
import { paragraphs, SectionIcon, SectionShell } from './shared';
import { defineSection } from './types';

/** A closing statement: a tinted panel with a title, prose and a grid of points with icons. */
export interface BottomContentProps {
  eyebrow: string;
  title: string;
  text: string;
  points: string;
  icons: string;
  panelColor: string;
  background: string;
}

const BOTTOM_CONTENT_DEFAULTS: BottomContentProps = {
  eyebrow: '',
  title: 'A closing statement',
  text: 'A short paragraph that sums up your commitment.',
  points: 'First point, Second point, Third point, Fourth point',
  icons: '',
  panelColor: '#f5f8fc',
  background: '',
};

function BottomContent(props: Partial<BottomContentProps>) {
  const p = { ...BOTTOM_CONTENT_DEFAULTS, ...props };
  const points = parseListProp(p.points);
  const icons = parseListProp(p.icons);
  return (
    <SectionShell background={p.background}>
      <Paper radius="xl" p={{ base: 'xl', md: 56 }} style={{ background: p.panelColor }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 32, md: 64 }} style={{ alignItems: 'center' }}>
          <Stack gap="md">
            {p.eyebrow && (
              <Text tt="uppercase" fw={700} fz="sm" lts={1.2} c="brand.6">
                {p.eyebrow}
              </Text>
            )}
            <Title order={2} fz={{ base: 26, md: 32 }} lh={1.2} c="brand.9">
              {p.title}
            </Title>
            {keyedItems(paragraphs(p.text)).map(({ key, value: para }) => (
              <Text key={key} c="gray.7" fz="lg" lh={1.7}>
                {para}
              </Text>
            ))}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {keyedItems(points).map(({ key, value: point, index: i }) => (
              <Paper key={key} radius="md" p="md" shadow="xs">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={34} radius="md" color="brand" variant="light">
                    <SectionIcon name={icons[i] ?? 'check'} size={19} />
                  </ThemeIcon>
                  <Text fw={600} c="gray.8" lh={1.45} pt={5}>
                    {point}
                  </Text>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        </SimpleGrid>
      </Paper>
    </SectionShell>
  );
}

export const BOTTOM_CONTENT_SECTION = defineSection<BottomContentProps>({
  component: BottomContent,
  defaults: BOTTOM_CONTENT_DEFAULTS,
});
