import { Divider, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { keyedItems, parseListProp } from './list-prop';
import { ButtonLink, IconBadge, paragraphs, SectionShell } from './shared';
import { defineSection } from './types';

/** One service in the spotlight: description beside a card with its price terms and inclusions. */
export interface ServiceProps {
  eyebrow: string;
  title: string;
  text: string;
  icon: string;
  cardTitle: string;
  price: string;
  priceNote: string;
  includes: string;
  buttonLabel: string;
  buttonLink: string;
  background: string;
}

const SERVICE_DEFAULTS: ServiceProps = {
  eyebrow: '',
  title: 'Our service',
  text: 'Describe the service and who it is for.',
  icon: 'file-text',
  cardTitle: 'Service name',
  price: '',
  priceNote: '',
  includes: 'First inclusion, Second inclusion, Third inclusion',
  buttonLabel: 'Contact Us',
  buttonLink: '/contact-us/',
  background: '',
};

function Service(props: Partial<ServiceProps>) {
  const p = { ...SERVICE_DEFAULTS, ...props };
  const includes = parseListProp(p.includes);
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
        </Stack>
        <Paper withBorder radius="lg" p={{ base: 'xl', md: 40 }} shadow="md" maw={460} w="100%" mx="auto">
          <Stack gap="lg">
            <IconBadge name={p.icon} />
            <Title order={3} fz="xl" c="brand.9">
              {p.cardTitle}
            </Title>
            {p.price && (
              <div>
                <Text fz={40} fw={800} c="brand.8" lh={1.1}>
                  {p.price}
                </Text>
                {p.priceNote && <Text c="gray.7">{p.priceNote}</Text>}
              </div>
            )}
            {includes.length > 0 && (
              <>
                <Divider />
                <List
                  spacing="sm"
                  center
                  icon={
                    <ThemeIcon size={22} radius="xl" color="green.6">
                      <IconCheck size={14} stroke={2.5} aria-hidden />
                    </ThemeIcon>
                  }
                >
                  {keyedItems(includes).map(({ key, value: item }) => (
                    <List.Item key={key}>{item}</List.Item>
                  ))}
                </List>
              </>
            )}
            {p.buttonLabel && (
              <ButtonLink href={p.buttonLink} size="md" fullWidth>
                {p.buttonLabel}
              </ButtonLink>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
    </SectionShell>
  );
}

export const SERVICE_SECTION = defineSection<ServiceProps>({
  component: Service,
  defaults: SERVICE_DEFAULTS,
});
