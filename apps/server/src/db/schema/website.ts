import type { ComponentProps } from '@dd/shared';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Website pages built with the page builder, their earlier versions, and the component types it offers. */
export const websitePages = pgTable('website_pages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  url: text('url').notNull().unique(),
  /** Component type names, in display order. */
  components: jsonb('components').$type<string[]>().notNull().default([]),
  /** One property set per entry of components. */
  componentProps: jsonb('component_props').$type<ComponentProps[]>().notNull().default([]),
  /** When the columns above went live; null while a new page has never been published. */
  publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
  /** Saved changes visitors do not see until they are published; null when there are none. */
  draft: jsonb('draft').$type<WebsitePageDraft>(),
  draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** A page's unpublished name, url and components. */
export interface WebsitePageDraft {
  name: string;
  url: string;
  components: string[];
  componentProps: ComponentProps[];
}

/** A page as it was before a save or a restore, so a bad edit can be undone. */
export const websitePageVersions = pgTable(
  'website_page_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    pageId: integer('page_id')
      .notNull()
      .references(() => websitePages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    components: jsonb('components').$type<string[]>().notNull(),
    componentProps: jsonb('component_props').$type<ComponentProps[]>().notNull(),
    /**
     * Who replaced this version (the publish that pushed it into the history), and their name as it was
     * then: the history still names them after their account is deleted. No key into users: this table is
     * copied to every node of a distributed database, users are not (docs/scale.md, rule 3).
     */
    savedById: integer('saved_by_id'),
    savedByName: text('saved_by_name'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('website_page_versions_page_idx').on(t.pageId, t.savedAt)],
);

/** One row per component type: the default properties a newly added component of that type starts with. */
export const websiteComponents = pgTable('website_components', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  props: jsonb('props').$type<ComponentProps>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
