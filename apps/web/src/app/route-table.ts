import { PUBLIC_SCREENS, SCREENS } from '@dd/shared';

export type ScreenKey = (typeof SCREENS)[number] | 'website';

export interface ResolvedRoute {
  screen: ScreenKey;
  /** The path segments after the first one. */
  params: string[];
  /** The path without surrounding slashes, as typed (for website page look-ups). */
  path: string;
  isPublic: boolean;
}

const known = new Set<string>(SCREENS);

export function resolveRoute(pathname: string): ResolvedRoute {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  const [first = '', ...params] = path.split('/').filter((s, i) => i === 0 || s !== '');
  const key = first.toLowerCase();
  const screen = (known.has(key) ? key : 'website') as ScreenKey;
  return { screen, params: params.map(decodeURIComponent), path, isPublic: PUBLIC_SCREENS.has(key) };
}

/** A signed-in user opening the login screen goes to the saved redirect target or /dashboard/. */
export const LOGIN_SCREEN: ScreenKey = 'login';
