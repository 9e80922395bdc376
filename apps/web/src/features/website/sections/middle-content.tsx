import { Box, Image, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { RecordsIllustration } from './illustrations';
import { keyedItems, parseListProp } from './list-prop';
import { ButtonLink, paragraphs, SectionShell } from './shared';
import { defineSection } from './types';

/** Text beside artwork: heading, prose, a checklist and an optional button. */
export interface MiddleContentProps {
  eyebrow: string;
  title: string;
  text: string;
  bullets: string;
  buttonLabel: string;
  buttonLink: string;
  image: string;
  imageSide: string;
  background: string;
}

const MIDDLE_CONTENT_DEFAULTS: MiddleContentProps = {
  eyebrow: '',
  title: 'A section title',
  text: 'A short paragraph that explains this part of your service.',
  bullets: 'First point, Second point, Third point',
  buttonLabel: '',
  buttonLink: '',
  image: '',
  imageSide: 'right',
  background: '',
};

function MiddleContent(props: Partial<MiddleContentProps>) {
  const p = { ...MIDDLE_CONTENT_DEFAULTS, ...props };
  const bullets = parseListProp(p.bullets);
  const art = (
    <Box ta="center" style={{ order: p.imageSide === 'left' ? -1 : 1 }}>
      {p.image ? <Image src={p.image} alt="" radius="lg" /> : <RecordsIllustration />}
    </Box>
  );
  return (
    <SectionShell background={p.background}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 40, md: 72 }} style={{ alignItems: 'center' }}>
        <Stack gap="lg">
          {p.eyebrow && (
            <Text tt="uppercase" fw={700} fz="sm" lts={1.2} c="brand.6">
              {p.eyebrow}
            </Text>
          )}
          <Title order={2} fz={{ base: 28, md: 36 }} lh={1.2} c="brand.9">
            {p.title}
          </Title>
          {keyedItems(paragraphs(p.text)).map(({ key, value: para }) => (
            <Text key={key} fz="lg" c="gray.7" lh={1.7}>
              {para}
            </Text>
          ))}
          {bullets.length > 0 && (
            <List
              spacing="sm"
              center
              icon={
                <ThemeIcon size={24} radius="xl" color="green.6">
                  <IconCheck size={15} stroke={2.5} aria-hidden />
                </ThemeIcon>
              }
            >
              {keyedItems(bullets).map(({ key, value: b }) => (
                <List.Item key={key}>
                  <Text fw={500} c="gray.8">
                    {b}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
          {p.buttonLabel && (
            <div>
              <ButtonLink href={p.buttonLink} size="md">
                {p.buttonLabel}
              </ButtonLink>
            </div>
          )}
        </Stack>
        {art}
      </SimpleGrid>
    </SectionShell>
  );
}

export const MIDDLE_CONTENT_SECTION = defineSection<MiddleContentProps>({
  component: MiddleContent,
  defaults: MIDDLE_CONTENT_DEFAULTS,
});
