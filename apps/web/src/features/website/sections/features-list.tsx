import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keyedItems, parseListProp } from './list-prop';
import { IconBadge, SectionHeading, SectionShell } from './shared';
import { defineSection } from './types';

/** A grid of feature cards: icon, short title, one or two sentences. Lists are read in parallel. */
export interface FeaturesListProps {
  eyebrow: string;
  title: string;
  subtitle: string;
  items: string;
  descriptions: string;
  icons: string;
  background: string;
}

const FEATURES_LIST_DEFAULTS: FeaturesListProps = {
  eyebrow: '',
  title: 'Features',
  subtitle: '',
  items: 'Fast, Efficient, Reliable, Secure',
  descriptions:
    'Describe the first feature., Describe the second feature., Describe the third feature., Describe the fourth feature.',
  icons: 'bolt, adjustments, shield-check, lock',
  background: '',
};

function FeaturesList(props: Partial<FeaturesListProps>) {
  const p = { ...FEATURES_LIST_DEFAULTS, ...props };
  const items = parseListProp(p.items);
  const descriptions = parseListProp(p.descriptions);
  const icons = parseListProp(p.icons);
  return (
    <SectionShell background={p.background}>
      <Stack gap={48}>
        <SectionHeading eyebrow={p.eyebrow} title={p.title} subtitle={p.subtitle} />
        <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(Math.max(items.length, 1), 4) }} spacing="lg">
          {keyedItems(items).map(({ key, value: item, index: i }) => (
            <Paper key={key} withBorder radius="lg" p="xl" shadow="xs" component="article">
              <Stack gap="md">
                <IconBadge name={icons[i]} />
                <Title order={3} fz="xl" c="brand.9">
                  {item}
                </Title>
                {descriptions[i] && (
                  <Text c="gray.7" lh={1.65}>
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

export const FEATURES_LIST_SECTION = defineSection<FeaturesListProps>({
  component: FeaturesList,
  defaults: FEATURES_LIST_DEFAULTS,
});
