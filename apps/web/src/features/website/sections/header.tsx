import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { CONTAINER_PX } from './shared';
import { defineSection } from './types';

/** A page-title band: the first thing on an inner page such as About Us. */
export interface HeaderProps {
  eyebrow: string;
  title: string;
  subtitle: string;
  gradientFrom: string;
  gradientTo: string;
}

const HEADER_DEFAULTS: HeaderProps = {
  eyebrow: '',
  title: 'Page title',
  subtitle: 'A short sentence that tells the visitor what this page is about.',
  gradientFrom: '#0b2a4a',
  gradientTo: '#1c4e80',
};

function Header(props: Partial<HeaderProps>) {
  const { eyebrow, title, subtitle, gradientFrom, gradientTo } = { ...HEADER_DEFAULTS, ...props };
  return (
    <Box
      component="section"
      py={{ base: 56, md: 84 }}
      style={{ background: `linear-gradient(135deg, ${gradientFrom} 0%, ${gradientTo} 100%)` }}
    >
      <Container size="lg" px={CONTAINER_PX}>
        <Stack gap="sm" ta="center" maw={760} mx="auto">
          {eyebrow && (
            <Text tt="uppercase" fw={700} fz="sm" lts={1.2} c="brand.1">
              {eyebrow}
            </Text>
          )}
          <Title order={1} fz={{ base: 34, md: 46 }} lh={1.15} c="white">
            {title}
          </Title>
          {subtitle && (
            <Text fz={{ base: 'md', md: 'xl' }} lh={1.6} c="brand.0">
              {subtitle}
            </Text>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

export const HEADER_SECTION = defineSection<HeaderProps>({
  component: Header,
  defaults: HEADER_DEFAULTS,
});
