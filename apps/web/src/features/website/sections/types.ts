import type { ComponentProps } from '@dd/shared';
import type { ComponentType } from 'react';
export type SectionProps = ComponentProps;

/**
 * A section as the public pages render it. Its editable properties live in packages/shared WEBSITE_FIELDS
 * (the page builder and the server read them there), so the public pages never download them.
 */
export interface SectionType {
  component: ComponentType<SectionProps>;
  defaults: SectionProps;
}

/** Ties a section component to its defaults, widened so the registry can hold every section. */
export function defineSection<P extends object>(section: {
  component: ComponentType<Partial<P>>;
  defaults: P;
}): SectionType {
  return section as unknown as SectionType;
}
