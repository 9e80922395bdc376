import { Box, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keyedItems, parseListProp } from './list-prop';
import { SectionHeading, SectionShell } from './shared';
import { defineSection } from './types';

/** Numbered steps ("how it works"): step titles and texts read in parallel. */
export interface MiddleContent2Props {
  eyebrow: string;
  title: string;
  subtitle: string;
  steps: string;
  descriptions: string;
  background: string;
}

const MIDDLE_CONTENT2_DEFAULTS: MiddleContent2Props = {
  eyebrow: 'How it works',
  title: 'Three simple steps',
  subtitle: '',
  steps: 'First step, Second step, Third step',
  descriptions: 'Describe the first step., Describe the second step., Describe the third step.',
  background: '#f5f8fc',
};

function MiddleContent2(props: Partial<MiddleContent2Props>) {
  const p = { ...MIDDLE_CONTENT2_DEFAULTS, ...props };
  const steps = parseListProp(p.steps);
  const descriptions = parseListProp(p.descriptions);
  return (
    <SectionShell background={p.background}>
      <Stack gap={48}>
        <SectionHeading eyebrow={p.eyebrow} title={p.title} subtitle={p.subtitle} />
        <SimpleGrid
          component="ol"
          cols={{ base: 1, sm: Math.min(steps.length, 3) || 1, md: Math.min(steps.length, 4) || 1 }}
          spacing={{ base: 32, md: 40 }}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {keyedItems(steps).map(({ key, value: step, index: i }) => (
            <Stack key={key} component="li" gap="sm" align="flex-start">
              <Box
                w={48}
                h={48}
                bg="brand.7"
                c="white"
                fw={700}
                fz="lg"
                style={{ borderRadius: '50%', display: 'grid', placeItems: 'center' }}
                aria-hidden
              >
                {i + 1}
              </Box>
              <Title order={3} fz="xl" c="brand.9">
                {step}
              </Title>
              {descriptions[i] && (
                <Text c="gray.7" lh={1.65}>
                  {descriptions[i]}
                </Text>
              )}
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </SectionShell>
  );
}

export const MIDDLE_CONTENT2_SECTION = defineSection<MiddleContent2Props>({
  component: MiddleContent2,
  defaults: MIDDLE_CONTENT2_DEFAULTS,
});
