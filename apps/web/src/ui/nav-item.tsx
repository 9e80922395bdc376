/**
 * A navigation link that is marked active (aria-current="page") when its href is the current path.
 * Inside a router it renders the router's Link (no page reload); elsewhere a plain anchor.
 */
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useInRouterContext, useLocation } from 'react-router';

export interface NavItemProps {
  href: string;
  children: ReactNode;
  /** Path to compare with; defaults to the router's location, or the browser's outside a router. */
  currentPath?: string;
  leftSection?: ReactNode;
}

/** Compares paths ignoring a trailing slash and letter case ('/Dashboard/' equals '/dashboard'). */
export function isActivePath(href: string, currentPath: string): boolean {
  const clean = (path: string) => (path.split(/[?#]/)[0].replace(/\/+$/, '') || '/').toLowerCase();
  return clean(href) === clean(currentPath);
}

function RouterNavItem(props: NavItemProps) {
  const location = useLocation();
  const active = isActivePath(props.href, props.currentPath ?? location.pathname);
  return (
    <Button
      component={Link}
      to={props.href}
      variant={active ? 'light' : 'subtle'}
      color={active ? undefined : 'gray'}
      aria-current={active ? 'page' : undefined}
      leftSection={props.leftSection}
    >
      {props.children}
    </Button>
  );
}

function AnchorNavItem(props: NavItemProps) {
  const active = isActivePath(props.href, props.currentPath ?? window.location.pathname);
  return (
    <Button
      component="a"
      href={props.href}
      variant={active ? 'light' : 'subtle'}
      color={active ? undefined : 'gray'}
      aria-current={active ? 'page' : undefined}
      leftSection={props.leftSection}
    >
      {props.children}
    </Button>
  );
}

export function NavItem(props: NavItemProps) {
  return useInRouterContext() ? <RouterNavItem {...props} /> : <AnchorNavItem {...props} />;
}
