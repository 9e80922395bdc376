/**
 * The route table of both specifications. The first path segment chooses the screen, compared in
 * lower case; leading and trailing slashes are ignored; the remaining segments are parameters.
 */
export const PUBLIC_SCREENS = new Set([
  '',
  'login',
  'signup',
  'passwordresetrequest',
  'passwordreset',
  /** /confirmEmail/{user_id}/?token=…: the sign-up's e-mail confirmation link (issue 7). */
  'confirmemail',
  'admin',
  'about-us',
  'contact-us',
]);

/** Screens reached by name; any other first segment is a website page. */
export const SCREENS = [
  ...PUBLIC_SCREENS,
  'logout',
  'dashboard',
  'old_dashboard',
  'data_dashboard',
  /** Staff reports (issue 11): /report/ and /report/{employee|firm|paralegal|provider|all}/{id}/. */
  'report',
  'requestlist',
  'request',
  'medical_request',
  'editrequest',
  'split_request',
  'editprovider',
  'providerlist',
  'companylist',
  'editcompany',
  'inviteusers',
  'ghostusers',
  'invoices',
  'invoice',
  'billings',
  'notelist',
  'formlist',
  'editform',
  'diskusage',
  'list_request_types',
  'pages',
  'pagelist',
  'pagebuilder',
  'components',
  'component',
  'applist',
  'models',
  'modelinstances',
  'modelinstancestable',
  'modelmaker',
  'instance',
  'apidocs',
  'test',
  'loggedin',
  'emailoutbox',
  /** Roles and permissions (issue 8 §3): internal administrators. */
  'roles',
] as const;

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
