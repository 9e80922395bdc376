import type { ComponentType } from 'react';

/** A section property as the page builder stores it: plain text or a number, always serialisable. */
export type PropValue = string | number;
export type SectionProps = Record<string, PropValue | undefined>;

/** How the page builder edits a property. List properties are comma-separated text (see parseListProp). */
export type FieldKind = 'text' | 'longtext' | 'color' | 'image' | 'list' | 'number' | 'link';

export interface SectionField {
  name: string;
  label: string;
  kind: FieldKind;
  /** Optional hint shown under the input, e.g. the list of allowed icon names. */
  help?: string;
}

export interface SectionType {
  component: ComponentType<SectionProps>;
  defaults: SectionProps;
  fields: SectionField[];
}

/**
 * Ties a section component to its defaults and editable fields; the field names are checked
 * against the component's props, then the type is widened so the registry can hold every section.
 */
export function defineSection<P extends object>(section: {
  component: ComponentType<Partial<P>>;
  defaults: P;
  fields: Array<SectionField & { name: keyof P & string }>;
}): SectionType {
  return section as unknown as SectionType;
}
