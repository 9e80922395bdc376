import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { keyedItems, parseListProp } from './list-prop';
import { ButtonLink, IconBadge, SectionShell } from './shared';
import { defineSection } from './types';

/** Points the visitor to the company page: a short introduction, key facts and a link. */
export interface AboutCtaProps {
  eyebrow: string;
  title: string;
  text: string;
  facts: string;
  icons: string;
  buttonLabel: string;
  buttonLink: string;
  background: string;
}

const ABOUT_CTA_DEFAULTS: AboutCtaProps = {
  eyebrow: 'About us',
  title: 'Get to know us',
  text: 'A short introduction to the company.',
  facts: 'First fact, Second fact',
  icons: 'map-pin, users',
  buttonLabel: 'Learn more about us',
  buttonLink: '/about-us/',
  background: '',
};

function AboutCTA(props: Partial<AboutCtaProps>) {
  const p = { ...ABOUT_CTA_DEFAULTS, ...props };
  const facts = parseListProp(p.facts);
  const icons = parseListProp(p.icons);
  return (
    <SectionShell background={p.background}>
      <Paper withBorder radius="xl" p={{ base: 'xl', md: 48 }} shadow="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 32, md: 56 }} style={{ alignItems: 'center' }}>
          <Stack gap="md" align="flex-start">
            {p.eyebrow && (
              <Text tt="uppercase" fw={700} fz="sm" lts={1.2} c="brand.6">
                {p.eyebrow}
              </Text>
            )}
            <Title order={2} fz={{ base: 26, md: 32 }} lh={1.2} c="brand.9">
              {p.title}
            </Title>
            {p.text && (
              <Text c="gray.7" fz="lg" lh={1.7}>
                {p.text}
              </Text>
            )}
            {p.buttonLabel && (
              <ButtonLink
                href={p.buttonLink}
                variant="light"
                size="md"
                rightSection={<IconArrowRight size={16} aria-hidden />}
              >
                {p.buttonLabel}
              </ButtonLink>
            )}
          </Stack>
          <Stack gap="md">
            {keyedItems(facts).map(({ key, value: fact, index: i }) => (
              <Group key={key} gap="md" wrap="nowrap">
                <IconBadge name={icons[i]} size={44} />
                <Text fw={600} fz="lg" c="brand.9" lh={1.4}>
                  {fact}
                </Text>
              </Group>
            ))}
          </Stack>
        </SimpleGrid>
      </Paper>
    </SectionShell>
  );
}

export const ABOUT_CTA_SECTION = defineSection<AboutCtaProps>({
  component: AboutCTA,
  defaults: ABOUT_CTA_DEFAULTS,
});
