import { AppShell, Box, Burger, Container, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../auth';
import classes from './Layout.module.css';
import { isSelected, navLinks } from './nav';

/** The target of the skip link: the main landmark, focusable from script only. */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves focus to the main landmark without a '#main-content' fragment in the address. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/** The page frame: skip link, brand, navigation bar (variant by user), content. */
export function Layout({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const links = navLinks(user);

  const items = (vertical: boolean) =>
    links.map((link) => {
      const active = isSelected(link, pathname);
      return (
        <UnstyledButton
          key={link.href}
          component={Link}
          to={link.href}
          onClick={close}
          className={vertical ? classes.drawerLink : classes.link}
          data-active={active || undefined}
          aria-current={active ? 'page' : undefined}
        >
          {link.label}
        </UnstyledButton>
      );
    });

  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skipToMain}>
        Skip to main content
      </a>
      <AppShell.Header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Link to={user ? '/dashboard/' : '/'} className={classes.brand} aria-label="Direct Docs home">
              <img src="/favicon.svg" alt="" width={30} height={30} />
              <Text component="span" fw={800} fz="lg" c="brand.8">
                Direct Docs
              </Text>
            </Link>
            <Group gap={4} visibleFrom="lg" wrap="nowrap" component="nav" aria-label="Main">
              {items(false)}
            </Group>
            <Burger opened={opened} onClick={toggle} hiddenFrom="lg" aria-label="Open navigation" />
          </Group>
        </Container>
      </AppShell.Header>
      <Drawer opened={opened} onClose={close} title="Menu" hiddenFrom="lg" size="xs">
        <Stack gap={4} component="nav" aria-label="Main">
          {items(true)}
        </Stack>
      </Drawer>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        {bare ? (
          children
        ) : (
          <Container size="xl" py="xl">
            {children}
          </Container>
        )}
        <Box h={1} />
      </AppShell.Main>
    </AppShell>
  );
}
