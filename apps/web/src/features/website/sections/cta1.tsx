import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { ButtonLink, SectionShell } from './shared';
import { defineSection } from './types';

/** An inline call to action: a tinted panel with a line of text and one button. */
export interface Cta1Props {
  title: string;
  text: string;
  buttonLabel: string;
  buttonLink: string;
  panelColor: string;
  background: string;
}

const CTA1_DEFAULTS: Cta1Props = {
  title: 'Ready to get started?',
  text: 'One sentence that invites the visitor to act.',
  buttonLabel: 'Contact Us',
  buttonLink: '/contact-us/',
  panelColor: '#e8f1fa',
  background: '',
};

function CTA1(props: Partial<Cta1Props>) {
  const p = { ...CTA1_DEFAULTS, ...props };
  return (
    <SectionShell background={p.background} py={{ base: 32, md: 48 }}>
      <Paper radius="lg" p={{ base: 'xl', md: 40 }} style={{ background: p.panelColor }}>
        <Group justify="space-between" align="center" gap="xl">
          <Stack gap={6} maw={640}>
            <Title order={2} fz={{ base: 22, md: 26 }} c="brand.9">
              {p.title}
            </Title>
            {p.text && (
              <Text c="gray.7" lh={1.6}>
                {p.text}
              </Text>
            )}
          </Stack>
          {p.buttonLabel && (
            <ButtonLink href={p.buttonLink} size="md" rightSection={<IconArrowRight size={16} aria-hidden />}>
              {p.buttonLabel}
            </ButtonLink>
          )}
        </Group>
      </Paper>
    </SectionShell>
  );
}

export const CTA1_SECTION = defineSection<Cta1Props>({
  component: CTA1,
  defaults: CTA1_DEFAULTS,
});
