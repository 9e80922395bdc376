import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keyedItems, parseListProp } from './list-prop';
import { IconBadge, SectionHeading, SectionShell } from './shared';
import { defineSection } from './types';

/** A list of services in two columns: icon, name and description per row. */
export interface ServicesListProps {
  eyebrow: string;
  title: string;
  subtitle: string;
  items: string;
  descriptions: string;
  icons: string;
  background: string;
}

const SERVICES_LIST_DEFAULTS: ServicesListProps = {
  eyebrow: '',
  title: 'Our services',
  subtitle: '',
  items: 'First service, Second service, Third service, Fourth service',
  descriptions: '',
  icons: 'file-text, send, search, download',
  background: '',
};

function ServicesList(props: Partial<ServicesListProps>) {
  const p = { ...SERVICES_LIST_DEFAULTS, ...props };
  const items = parseListProp(p.items);
  const descriptions = parseListProp(p.descriptions);
  const icons = parseListProp(p.icons);
  return (
    <SectionShell background={p.background}>
      <Stack gap={48}>
        <SectionHeading eyebrow={p.eyebrow} title={p.title} subtitle={p.subtitle} />
        <SimpleGrid
          component="ul"
          cols={{ base: 1, md: 2 }}
          spacing={{ base: 28, md: 48 }}
          verticalSpacing={{ base: 28, md: 40 }}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {keyedItems(items).map(({ key, value: item, index: i }) => (
            <Group key={key} component="li" gap="lg" wrap="nowrap" align="flex-start">
              <IconBadge name={icons[i]} size={48} />
              <Stack gap={4}>
                <Title order={3} fz="lg" c="brand.9">
                  {item}
                </Title>
                {descriptions[i] && (
                  <Text c="gray.7" lh={1.65}>
                    {descriptions[i]}
                  </Text>
                )}
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </SectionShell>
  );
}

export const SERVICES_LIST_SECTION = defineSection<ServicesListProps>({
  component: ServicesList,
  defaults: SERVICES_LIST_DEFAULTS,
});
