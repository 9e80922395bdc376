/** Public website: pages, footer, and the section registry the page builder reuses. */
export { sendContactMessage, websiteKeys } from './api';
export { formatListProp, parseListProp } from './sections/list-prop';
export { isSectionName, SECTION_NAMES, SECTION_TYPES, type SectionName } from './sections/registry';
export { type PageContent, RenderSections } from './sections/render-sections';
export type { FieldKind, PropValue, SectionField, SectionProps, SectionType } from './sections/types';
export { SiteFooter } from './site-footer';
