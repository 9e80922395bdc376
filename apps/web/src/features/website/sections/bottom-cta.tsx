import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { ButtonLink, CONTAINER_PX } from './shared';
import { defineSection } from './types';

/** The closing call to action: a full-width navy band with a headline and buttons. */
export interface BottomCtaProps {
  title: string;
  text: string;
  buttonLabel: string;
  buttonLink: string;
  secondaryLabel: string;
  secondaryLink: string;
  gradientFrom: string;
  gradientTo: string;
}

const BOTTOM_CTA_DEFAULTS: BottomCtaProps = {
  title: 'Ready to get started?',
  text: 'One sentence that invites the visitor to get in touch.',
  buttonLabel: 'Contact Us',
  buttonLink: '/contact-us/',
  secondaryLabel: '',
  secondaryLink: '',
  gradientFrom: '#143d66',
  gradientTo: '#1f5fa8',
};

function BottomCTA(props: Partial<BottomCtaProps>) {
  const p = { ...BOTTOM_CTA_DEFAULTS, ...props };
  return (
    <Box
      component="section"
      py={{ base: 56, md: 80 }}
      style={{ background: `linear-gradient(120deg, ${p.gradientFrom} 0%, ${p.gradientTo} 100%)` }}
    >
      <Container size="md" px={CONTAINER_PX}>
        <Stack align="center" ta="center" gap="lg">
          <Title order={2} c="white" fz={{ base: 28, md: 38 }} lh={1.2}>
            {p.title}
          </Title>
          {p.text && (
            <Text c="brand.0" fz={{ base: 'md', md: 'lg' }} maw={620} lh={1.65}>
              {p.text}
            </Text>
          )}
          <Group justify="center" gap="md" mt="xs">
            {p.buttonLabel && (
              <ButtonLink
                href={p.buttonLink}
                size="lg"
                variant="white"
                color="brand.8"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                {p.buttonLabel}
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
        </Stack>
      </Container>
    </Box>
  );
}

export const BOTTOM_CTA_SECTION = defineSection<BottomCtaProps>({
  component: BottomCTA,
  defaults: BOTTOM_CTA_DEFAULTS,
});
