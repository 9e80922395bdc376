import { Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { keyedItems, parseListProp } from './list-prop';
import { IconBadge, SectionHeading, SectionShell } from './shared';
import { defineSection } from './types';

/** Who the company serves: a row of customer types (icon and name) or customer logos. */
export interface CustomersProps {
  eyebrow: string;
  title: string;
  subtitle: string;
  items: string;
  descriptions: string;
  icons: string;
  logos: string;
  background: string;
}

const CUSTOMERS_DEFAULTS: CustomersProps = {
  eyebrow: '',
  title: 'Who we serve',
  subtitle: '',
  items: 'Attorneys, Insurers, Other firms',
  descriptions: '',
  icons: 'scale, shield-check, building',
  logos: '',
  background: '#f5f8fc',
};

function Customers(props: Partial<CustomersProps>) {
  const p = { ...CUSTOMERS_DEFAULTS, ...props };
  const items = parseListProp(p.items);
  const descriptions = parseListProp(p.descriptions);
  const icons = parseListProp(p.icons);
  const logos = parseListProp(p.logos);
  return (
    <SectionShell background={p.background}>
      <Stack gap={40}>
        <SectionHeading eyebrow={p.eyebrow} title={p.title} subtitle={p.subtitle} />
        {logos.length > 0 ? (
          <Group justify="center" gap={48}>
            {keyedItems(logos).map(({ key, value: src, index: i }) => (
              <Image key={key} src={src} alt={items[i] ?? ''} h={48} w="auto" fit="contain" />
            ))}
          </Group>
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: Math.min(items.length, 3) || 1, md: Math.min(items.length, 4) || 1 }}
          >
            {keyedItems(items).map(({ key, value: item, index: i }) => (
              <Paper key={key} radius="lg" p="xl" withBorder>
                <Stack gap="sm">
                  <IconBadge name={icons[i]} size={44} />
                  <Text fw={700} fz="lg" c="brand.9">
                    {item}
                  </Text>
                  {descriptions[i] && (
                    <Text c="gray.7" fz="sm" lh={1.6}>
                      {descriptions[i]}
                    </Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </SectionShell>
  );
}

export const CUSTOMERS_SECTION = defineSection<CustomersProps>({
  component: Customers,
  defaults: CUSTOMERS_DEFAULTS,
});
