import { Box, Burger, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type MouseEvent, type ReactNode, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLiveUpdates } from '../api/live';
import { useAuth } from '../auth';
import { ConnectionNotice } from './ConnectionNotice';
import classes from './Layout.module.css';
import { isSelected, navLinks } from './nav';

const NavDrawer = lazy(() => import('./NavDrawer'));
/** The bell loads with the first signed-in page, like the toasts: never on the public or sign-in pages. */
const NotificationBell = lazy(() =>
  import('../features/notifications').then((m) => ({ default: m.NotificationBell })),
);
/**
 * Toasts (`notifications.show`) come from signed-in screens only, so their host loads with the first
 * signed-in page and stays off the public pages and the sign-in page.
 */
const NotificationsHost = lazy(() =>
  Promise.all([import('@mantine/notifications'), import('@mantine/notifications/styles.css')]).then(
    ([m]) => ({
      default: () => <m.Notifications position="top-right" />,
    }),
  ),
);

/** The target of the skip link: the main landmark, focusable from script only. */
const MAIN_CONTENT_ID = 'main-content';

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
  useLiveUpdates(Boolean(user));
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer loads on first opening and then stays mounted, so closing keeps its transition.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (opened && !drawerWanted) setDrawerWanted(true);
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
    // A sticky header and a main landmark, without Mantine's AppShell: its navbar, aside and resizing code
    // would all load with every first page. `app-header`/`app-main` are for print styles.
    <>
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skipToMain}>
        Skip to main content
      </a>
      <header className={`${classes.header} app-header`}>
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
            <Group gap={4} wrap="nowrap">
              {user && (
                <Suspense fallback={null}>
                  <NotificationBell />
                </Suspense>
              )}
              <Burger opened={opened} onClick={toggle} hiddenFrom="lg" aria-label="Open navigation" />
            </Group>
          </Group>
        </Container>
      </header>
      {user && (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      )}
      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer opened={opened} onClose={close}>
            {items(true)}
          </NavDrawer>
        </Suspense>
      )}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`${classes.main} app-main`}>
        <ConnectionNotice />
        {bare ? (
          children
        ) : (
          <Container size="xl" py="xl">
            {children}
          </Container>
        )}
        <Box h={1} />
      </main>
    </>
  );
}
