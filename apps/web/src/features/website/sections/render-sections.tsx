import { isSectionName, SECTION_TYPES } from './registry';
import type { SectionProps } from './types';

/** A website page as stored: component names and, at the same index, each one's properties. */
export interface PageContent {
  components: readonly string[];
  componentProps: readonly (SectionProps | null | undefined)[];
}

/**
 * Renders a page's sections in list order, each with its defaults under the saved properties.
 * Unknown component names (e.g. from an older page) are skipped rather than breaking the page.
 */
export function RenderSections({ components, componentProps }: PageContent) {
  return (
    <>
      {components.map((name, index) => {
        if (!isSectionName(name)) return null;
        const { component: Section, defaults } = SECTION_TYPES[name];
        const saved = componentProps[index];
        const props = saved && typeof saved === 'object' ? saved : {};
        // Index keys are right here: the list is the page and its order is the identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id of their own
        return <Section key={`${index}-${name}`} {...defaults} {...props} />;
      })}
    </>
  );
}
