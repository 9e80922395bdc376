import { Box, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { BrandMark } from './sections/illustrations';
import { CONTAINER_PX, SiteLink } from './sections/shared';

const FOOTER_LINKS = [
  { label: 'About Us', href: '/about-us/' },
  { label: 'Contact Us', href: '/contact-us/' },
] as const;

/** The public site's footer; the app layout decides where it goes. Signed in, it leads to the dashboard. */
export function SiteFooter({ signedIn = false }: { signedIn?: boolean }) {
  const year = new Date().getFullYear();
  const links = [
    ...FOOTER_LINKS,
    signedIn ? { label: 'Dashboard', href: '/dashboard/' } : { label: 'Log In', href: '/login/' },
  ];
  return (
    <Box component="footer" bg="brand.9" c="white" py={{ base: 40, md: 56 }}>
      <Container size="lg" px={CONTAINER_PX}>
        <Stack gap="xl">
          <Group justify="space-between" align="flex-start" gap="xl">
            <Stack gap="sm" maw={420}>
              <Group gap="sm">
                <BrandMark size={32} />
                <Text fw={700} fz="lg" c="white">
                  Direct Docs
                </Text>
              </Group>
              <Text c="brand.1" fz="sm" lh={1.6}>
                Medical-records retrieval for attorneys, insurers and other firms nationwide. Based in
                Colorado.
              </Text>
            </Stack>
            <Group component="nav" aria-label="Footer" gap="xl">
              {links.map((link) => (
                <SiteLink key={link.href} href={link.href} c="white" fw={500}>
                  {link.label}
                </SiteLink>
              ))}
            </Group>
          </Group>
          <Divider color="rgba(255,255,255,0.15)" />
          <Text c="brand.2" fz="sm">
            © {year} Direct Docs · Colorado
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
