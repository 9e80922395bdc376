import type { ComponentField, ComponentProps } from '@dd/shared';
import type { ComponentType } from 'react';
export type SectionProps = ComponentProps;

export interface SectionType {
  component: ComponentType<SectionProps>;
  defaults: SectionProps;
  /** The editable properties (packages/shared WEBSITE_FIELDS: the server checks by the same list). */
  fields: readonly ComponentField[];
}

/** Ties a section component to its defaults and editable fields, widened so the registry can hold every section. */
export function defineSection<P extends object>(section: {
  component: ComponentType<Partial<P>>;
  defaults: P;
  fields: readonly ComponentField[];
}): SectionType {
  return section as unknown as SectionType;
}
