import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Public website pages built with the page builder, and the component types it offers. */
export const websitePages = pgTable('website_pages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  url: text('url').notNull().unique(),
  /** Component type names, in display order. */
  components: jsonb('components').$type<string[]>().notNull().default([]),
  /** One property set per entry of components. */
  componentProps: jsonb('component_props').$type<Record<string, unknown>[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export type WebsitePropType =
  | 'text'
  | 'textarea'
  | 'richtext'
  | 'image'
  | 'link'
  | 'color'
  | 'list'
  | 'number';

/** An editable property of a component type; list properties are comma-separated (quotes may hold a comma). */
export interface WebsiteComponentProp {
  name: string;
  label: string;
  type: WebsitePropType;
  default?: string | number;
}

export const websiteComponents = pgTable('website_components', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  props: jsonb('props').$type<WebsiteComponentProp[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
