/** Accordion: a list of collapsible sections, each with a title and content. */
import { Accordion as MantineAccordion } from '@mantine/core';
import type { ReactNode } from 'react';

interface AccordionSection {
  /** Stable key for the section. */
  value: string;
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  sections: AccordionSection[];
  /** Allow several sections open at once. @default false */
  multiple?: boolean;
  /** Sections open at first. */
  defaultOpen?: string[];
}

export function Accordion({ sections, multiple = false, defaultOpen = [] }: AccordionProps) {
  const items = sections.map((section) => (
    <MantineAccordion.Item key={section.value} value={section.value}>
      <MantineAccordion.Control>{section.title}</MantineAccordion.Control>
      <MantineAccordion.Panel>{section.content}</MantineAccordion.Panel>
    </MantineAccordion.Item>
  ));
  return multiple ? (
    <MantineAccordion multiple defaultValue={defaultOpen} variant="separated" radius="md">
      {items}
    </MantineAccordion>
  ) : (
    <MantineAccordion defaultValue={defaultOpen[0] ?? null} variant="separated" radius="md">
      {items}
    </MantineAccordion>
  );
}
