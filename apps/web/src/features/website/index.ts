/** Public website: pages, footer, and the section registry the page builder reuses. */
export { websiteKeys } from './api';
export { SECTION_NAMES, SECTION_TYPES } from './sections/registry';
export { RenderSections } from './sections/render-sections';
