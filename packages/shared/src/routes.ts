/**
 * The route table of both specifications (shared: the server keeps website page urls off these). The first path segment chooses the screen, compared in
 * lower case; leading and trailing slashes are ignored; the remaining segments are parameters.
 */
export const PUBLIC_SCREENS = new Set([
  '',
  'login',
  'signup',
  'passwordresetrequest',
  'passwordreset',
  /** /confirmEmail/{user_id}/?token=…: the sign-up's e-mail confirmation link. */
  'confirmemail',
  'admin',
  'about-us',
  'contact-us',
  /** /sign/{token}: a client signs a HIPAA authorization online, without an account (decision 061). */
  'sign',
]);

/** Screens reached by name; any other first segment is a website page. */
export const SCREENS = [
  ...PUBLIC_SCREENS,
  'logout',
  'dashboard',
  'old_dashboard',
  'data_dashboard',
  /** Staff reports: /report/ and /report/{employee|firm|paralegal|provider|all}/{id}/. */
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
  /** The signed-in user's host listings (law-firm spec section 4, 'Payment'). */
  'mycrashpads',
  'emailoutbox',
  /** Roles and permissions: internal administrators. */
  'roles',
  /** A law firm administrator's API keys (decision 054). */
  'apikeys',
  /** Full-text search across received records: a firm's users their firm's, staff every firm's (decision 060). */
  'searchrecords',
  /** A law firm administrator's webhook endpoints and their deliveries (decision 059). */
  'webhooks',
] as const;

/**
 * First path segments the server answers itself (API, built assets, health checks, PDF form calls), in
 * lower case. A website page url may not start with one of these or with a screen's segment.
 */
export const SERVER_SEGMENTS = new Set([
  'api',
  'users',
  'getfileurl',
  'get_related_info',
  'save_related_info',
  'assets',
  'healthz',
  'readyz',
  'convertpdftojpg',
  'writedatatopdf',
  'stripe',
  'favicon.svg',
  'sw.js',
  'manifest.webmanifest',
  'videos',
]);

/** The url's first segment when it is taken by a screen or the server ('' for the landing page is free). */
export function reservedSegment(url: string): string | null {
  const first = url.replace(/^\/+/, '').split('/')[0].toLowerCase();
  if (first === '' || first === 'about-us' || first === 'contact-us') return null;
  return (SCREENS as readonly string[]).includes(first) || SERVER_SEGMENTS.has(first) ? first : null;
}
