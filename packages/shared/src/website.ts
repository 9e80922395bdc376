/**
 * Website pages built with the page builder (staff spec sections 2, 3 and 7): the 16 component types,
 * the properties each one has and how the builder edits them, the rules a saved page follows and the
 * builder's messages. The server validates and sanitizes by these kinds; the web renders by them.
 */

export const WEBSITE_COMPONENT_NAMES = [
  'Paragraph',
  'Header',
  'TopContent',
  'FeaturesList',
  'CTA1',
  'MiddleContent',
  'Customers',
  'MiddleContent2',
  'Service',
  'BottomContent',
  'BottomCTA',
  'AboutCTA',
  'StatList',
  'ServicesList',
  'ContactForm',
  'WhiteSpace',
] as const;
export type WebsiteComponentName = (typeof WEBSITE_COMPONENT_NAMES)[number];

export function isWebsiteComponentName(name: unknown): name is WebsiteComponentName {
  return typeof name === 'string' && (WEBSITE_COMPONENT_NAMES as readonly string[]).includes(name);
}

/** A property as stored: plain text or a number. */
export type PropValue = string | number;
export type ComponentProps = Record<string, PropValue | undefined>;

/**
 * How a property is edited and checked: text and longtext are plain text (tags removed), list is
 * comma-separated text where double quotes keep a comma, link a site path or an http(s), mailto: or tel:
 * address, image an uploaded website image (images: a list of them), color a CSS colour.
 */
export type FieldKind = 'text' | 'longtext' | 'color' | 'image' | 'images' | 'list' | 'number' | 'link';

export interface ComponentField {
  name: string;
  label: string;
  kind: FieldKind;
  /** Shown under the input, e.g. the icon names allowed. */
  help?: string;
}

/** Icons a component may name in its properties. */
export const WEBSITE_ICON_NAMES = [
  'bolt',
  'adjustments',
  'shield-check',
  'shield-lock',
  'lock',
  'clock',
  'file-text',
  'files',
  'file-certificate',
  'clipboard-list',
  'list-check',
  'scale',
  'gavel',
  'briefcase',
  'building',
  'users',
  'headset',
  'mail',
  'phone',
  'map-pin',
  'send',
  'search',
  'download',
  'eye',
  'stethoscope',
  'receipt',
  'currency-dollar',
  'check',
  'circle-check',
] as const;
export type WebsiteIconName = (typeof WEBSITE_ICON_NAMES)[number];

/** Limits of a saved page. */
export const WEBSITE_LIMITS = {
  components: 60,
  propLength: 20_000,
  nameLength: 200,
  urlLength: 200,
} as const;

/** Uploaded website images are served from here (public: they appear on public pages). */
export const WEBSITE_IMAGE_PREFIX = '/api/modelWebsite/image/';

/** Pages that render the public screens: editable, never deleted, their urls fixed. */
export const BUILT_IN_PAGE_URLS = ['/', '/about-us/', '/contact-us/'] as const;

export const WEBSITE_MSG = {
  nameRequired: 'Enter a page name.',
  urlRequired: 'Enter the page url, for example /our-team/.',
  urlInvalid: 'A page url may hold only letters, digits, dashes and slashes, for example /our-team/.',
  urlTaken: 'Another page already uses this url.',
  urlReserved: (segment: string) =>
    `The url /${segment}/ belongs to a screen of the application; choose another url.`,
  builtInUrl: 'The url of the landing, About Us and Contact Us pages cannot change.',
  builtInDelete: 'The landing, About Us and Contact Us pages can be edited but not deleted.',
  unknownComponent: (name: string) => `There is no component called ${name}.`,
  propsMismatch: 'Every component needs its own set of properties.',
  badLink: (label: string) =>
    `${label}: use a path on this site (/contact-us/) or an address starting with https://, mailto: or tel:.`,
  badImage: (label: string) => `${label}: upload the image with the Upload image button.`,
  badColor: (label: string) => `${label}: use a colour such as #1f5fa8, rgb(31, 95, 168) or navy.`,
  badNumber: (label: string) => `${label}: enter a number.`,
  tooLong: (label: string) => `${label} is too long.`,
  tooManyComponents: 'A page may hold at most 60 components.',
  deleted: 'Page deleted.',
  confirmDelete: 'Delete this page? Visitors will see "No page exists here." at its url.',
  componentSaved: 'Defaults saved. New components of this type start with them.',
  loadFailed: 'The page could not be loaded.',
} as const;

/** Lower case, one leading and one trailing slash: '/Our-Team' and 'our-team/' are the same page. */
export function normalizePageUrl(url: string): string {
  const inner = url
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '');
  return inner ? `/${inner}/` : '/';
}

export interface WebsitePage {
  id: number;
  name: string;
  url: string;
  components: string[];
  componentProps: ComponentProps[];
  updated_at: string;
}

export interface WebsitePageVersion {
  id: number;
  name: string;
  url: string;
  components: number;
  saved_at: string;
  saved_by: string | null;
}

/** A component type's administration row: the defaults new components of that type start with. */
export interface WebsiteComponent {
  id: number;
  name: WebsiteComponentName;
  props: ComponentProps;
  pages: number;
}
