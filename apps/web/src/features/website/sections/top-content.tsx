import { Box, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { HeroIllustration } from './illustrations';
import { keyedItems, parseListProp } from './list-prop';
import { ButtonLink, CONTAINER_PX } from './shared';
import { defineSection } from './types';

/** The hero: headline, supporting text, two calls to action and artwork on a navy gradient. */
export interface TopContentProps {
  eyebrow: string;
  title: string;
  subtitle: string;
  primaryLabel: string;
  primaryLink: string;
  secondaryLabel: string;
  secondaryLink: string;
  highlights: string;
  image: string;
  gradientFrom: string;
  gradientTo: string;
}

const TOP_CONTENT_DEFAULTS: TopContentProps = {
  eyebrow: 'Medical-records retrieval',
  title: 'A headline that states what you do',
  subtitle: 'One or two sentences that explain the value to the visitor.',
  primaryLabel: 'Get Started',
  primaryLink: '/signup/',
  secondaryLabel: 'Contact Us',
  secondaryLink: '/contact-us/',
  highlights: '',
  image: '',
  gradientFrom: '#0b2a4a',
  gradientTo: '#1f5fa8',
};

function TopContent(props: Partial<TopContentProps>) {
  const p = { ...TOP_CONTENT_DEFAULTS, ...props };
  const highlights = parseListProp(p.highlights);
  return (
    <Box
      component="section"
      pos="relative"
      py={{ base: 64, md: 104 }}
      style={{
        background: `radial-gradient(circle at 85% 15%, rgba(255,255,255,0.10), transparent 45%), linear-gradient(135deg, ${p.gradientFrom} 0%, ${p.gradientTo} 100%)`,
        overflow: 'hidden',
      }}
    >
      <Container size="lg" px={CONTAINER_PX}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 48, md: 64 }} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            {p.eyebrow && (
              <Text tt="uppercase" fw={700} fz="sm" lts={1.4} c="brand.1">
                {p.eyebrow}
              </Text>
            )}
            <Title order={1} c="white" fz={{ base: 36, sm: 44, md: 52 }} lh={1.1}>
              {p.title}
            </Title>
            {p.subtitle && (
              <Text c="brand.0" fz={{ base: 'md', md: 'xl' }} lh={1.65} maw={560}>
                {p.subtitle}
              </Text>
            )}
            <Group gap="md" mt="sm">
              {p.primaryLabel && (
                <ButtonLink
                  href={p.primaryLink}
                  size="lg"
                  variant="white"
                  color="brand.8"
                  rightSection={<IconArrowRight size={18} aria-hidden />}
                >
                  {p.primaryLabel}
                </ButtonLink>
              )}
              {p.secondaryLabel && (
                <ButtonLink
                  href={p.secondaryLink}
                  size="lg"
                  variant="outline"
                  color="white"
                  style={{ borderColor: 'rgba(255,255,255,0.6)' }}
                >
                  {p.secondaryLabel}
                </ButtonLink>
              )}
            </Group>
            {highlights.length > 0 && (
              <Group gap="lg" mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {keyedItems(highlights).map(({ key, value: item }) => (
                  <Group key={key} gap={6} component="li" wrap="nowrap">
                    <IconCircleCheck size={18} color="#86efac" aria-hidden />
                    <Text c="white" fz="sm" fw={500}>
                      {item}
                    </Text>
                  </Group>
                ))}
              </Group>
            )}
          </Stack>
          <Box visibleFrom="sm" ta="center" maw={{ base: 400, md: 480 }} w="100%" mx="auto">
            {p.image ? <Image src={p.image} alt="" radius="lg" /> : <HeroIllustration />}
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export const TOP_CONTENT_SECTION = defineSection<TopContentProps>({
  component: TopContent,
  defaults: TOP_CONTENT_DEFAULTS,
});
