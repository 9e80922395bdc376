import {
  BUILT_IN_PAGE_URLS,
  type ComponentField,
  type ComponentProps,
  isWebsiteComponentName,
  normalizePageUrl,
  parseListProp,
  reservedSegment,
  WEBSITE_FIELDS,
  WEBSITE_IMAGE_PREFIX,
  WEBSITE_LIMITS,
  WEBSITE_MSG,
  type WebsitePageBody,
} from '@dd/shared';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../../lib/errors';

/**
 * What a saved page may hold. Every property is checked by its field kind (packages/shared
 * WEBSITE_FIELDS): text loses every tag (an allow-list sanitizer that allows none), links must use an
 * allowed scheme, images must be uploaded ones, colours must be colours. Properties a component does not
 * have are dropped. A page therefore never carries script, event handlers or `javascript:` links.
 */

const NO_MARKUP: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

const stripOnce = (value: string) =>
  sanitizeHtml(value, NO_MARKUP).replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/**
 * Plain text with all markup removed, stored unescaped as React escapes on render. The sanitizer decodes
 * entities as it strips, so `&lt;img onerror…&gt;` comes out as a live tag; stripping again until nothing
 * changes removes tags that were entity-encoded (even twice) or pieced together around a removed tag.
 */
function plainText(value: string): string {
  let text = value;
  for (let pass = 0; pass < 5; pass++) {
    const next = stripOnce(text);
    if (next === text) return text;
    text = next;
  }
  // Still changing after five passes: nothing in it is worth keeping as markup.
  return text.replace(/[<>]/g, '');
}

const SITE_PATH = /^\/(?![/\\])[^\s]*$/;
const ANCHOR = /^#[\w-]*$/;
const WEB_ADDRESS = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const CONTACT_ADDRESS = /^(mailto|tel):[^\s]+$/i;
const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;
const COLOR = [
  /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i,
  /^(?:rgb|rgba|hsl|hsla)\(\s*[\d.]+%?(?:\s*[,\s/]\s*[\d.]+%?){2,3}\s*\)$/i,
  /^[a-z]{3,20}$/i,
];

const isLink = (v: string) =>
  SITE_PATH.test(v) || ANCHOR.test(v) || WEB_ADDRESS.test(v) || CONTACT_ADDRESS.test(v);
/** Only uploaded images: the content security policy loads images from this site alone. */
const isImage = (v: string) =>
  v.startsWith(WEBSITE_IMAGE_PREFIX) && IMAGE_NAME.test(v.slice(WEBSITE_IMAGE_PREFIX.length));
const isColor = (v: string) => COLOR.some((pattern) => pattern.test(v));

function cleanValue(field: ComponentField, raw: string | number, where: string): string | number {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (text.length > WEBSITE_LIMITS.propLength)
    throw badRequest(WEBSITE_MSG.tooLong(field.label), { [where]: WEBSITE_MSG.tooLong(field.label) });
  const value = text.trim();
  const refuse = (message: string) => badRequest(message, { [where]: message });
  switch (field.kind) {
    case 'number': {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n)) throw refuse(WEBSITE_MSG.badNumber(field.label));
      return n;
    }
    case 'link':
      if (value !== '' && !isLink(value)) throw refuse(WEBSITE_MSG.badLink(field.label));
      return value;
    case 'image':
      if (value !== '' && !isImage(value)) throw refuse(WEBSITE_MSG.badImage(field.label));
      return value;
    case 'images':
      if (!parseListProp(value).every(isImage)) throw refuse(WEBSITE_MSG.badImage(field.label));
      return value;
    case 'color':
      if (value !== '' && !isColor(value)) throw refuse(WEBSITE_MSG.badColor(field.label));
      return value;
    default:
      return plainText(text);
  }
}

/** One component's properties: only its own fields, each checked and cleaned by its kind. */
export function cleanProps(
  name: string,
  props: Record<string, string | number | null>,
  index: number,
): ComponentProps {
  if (!isWebsiteComponentName(name)) throw badRequest(WEBSITE_MSG.unknownComponent(name));
  const clean: ComponentProps = {};
  for (const field of WEBSITE_FIELDS[name]) {
    const raw = props[field.name];
    if (raw === undefined || raw === null) continue;
    clean[field.name] = cleanValue(field, raw, `componentProps.${index}.${field.name}`);
  }
  return clean;
}

/** The url as stored, or a 400 when it is malformed or belongs to a screen of the application. */
export function cleanPageUrl(url: string): string {
  const normalized = normalizePageUrl(url);
  if (!/^\/(?:[a-z0-9-]+\/)*$/.test(normalized))
    throw badRequest(WEBSITE_MSG.urlInvalid, { url: WEBSITE_MSG.urlInvalid });
  const reserved = reservedSegment(normalized);
  if (reserved)
    throw badRequest(WEBSITE_MSG.urlReserved(reserved), { url: WEBSITE_MSG.urlReserved(reserved) });
  return normalized;
}

export const isBuiltInPage = (url: string) => (BUILT_IN_PAGE_URLS as readonly string[]).includes(url);

/** A page save, checked and cleaned: name, url and the component list with one property set each. */
export function cleanPage(body: WebsitePageBody) {
  if (body.components.length !== body.componentProps.length) throw badRequest(WEBSITE_MSG.propsMismatch);
  return {
    name: plainText(body.name).trim() || body.name.trim(),
    url: cleanPageUrl(body.url),
    components: body.components,
    componentProps: body.components.map((name, i) => cleanProps(name, body.componentProps[i], i)),
  };
}
