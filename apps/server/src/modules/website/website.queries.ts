import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  users,
  type WebsitePageDraft,
  websiteComponents,
  websitePages,
  websitePageVersions,
} from '../../db/schema';

/** SQL for the public website's pages, their versions and component types. The website belongs to no firm. */

type PageRow = typeof websitePages.$inferSelect;
type PageValues = typeof websitePages.$inferInsert;
type PageVersionValues = typeof websitePageVersions.$inferInsert;

/** The published page at `url` (already normalised), or every published page (at most 500) by name. */
export function publishedPages(db: DbOrTx, url: string | undefined): Promise<PageRow[]> {
  return db
    .select()
    .from(websitePages)
    .where(
      and(isNotNull(websitePages.publishedAt), url === undefined ? undefined : eq(websitePages.url, url)),
    )
    .orderBy(asc(websitePages.name))
    .limit(500);
}

/** A page by id, locked for update when `lock` is set. */
export async function pageById(db: DbOrTx, id: number, lock: boolean): Promise<PageRow | undefined> {
  const query = db.select().from(websitePages).where(eq(websitePages.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Every page, published or not, by name (at most 500). */
export function allPagesByName(db: DbOrTx): Promise<PageRow[]> {
  return db.select().from(websitePages).orderBy(websitePages.name).limit(500);
}

export async function insertPage(tx: DbOrTx, values: PageValues): Promise<PageRow> {
  const [row] = await tx.insert(websitePages).values(values).returning();
  return row;
}

export async function deletePage(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(websitePages).where(eq(websitePages.id, id));
}

/** Inserts the pages whose url has no page yet. */
export async function insertPagesWhereUrlFree(db: DbOrTx, values: PageValues[]): Promise<void> {
  await db.insert(websitePages).values(values).onConflictDoNothing({ target: websitePages.url });
}

/** Whether another page than `id` holds `url`. */
export async function otherPageWithUrl(tx: DbOrTx, url: string, id: number) {
  const [other] = await tx
    .select({ id: websitePages.id })
    .from(websitePages)
    .where(and(eq(websitePages.url, url), ne(websitePages.id, id)));
  return other;
}

/** Sets a page's draft; returns the updated page. */
export async function updatePageDraft(
  tx: DbOrTx,
  id: number,
  draft: WebsitePageDraft,
  draftSavedAt: Date,
): Promise<PageRow> {
  const [row] = await tx
    .update(websitePages)
    .set({ draft, draftSavedAt })
    .where(eq(websitePages.id, id))
    .returning();
  return row;
}

/** Puts content live and clears the draft; returns the updated page. */
export async function updatePagePublished(
  tx: DbOrTx,
  id: number,
  content: Pick<PageValues, 'name' | 'url' | 'components' | 'componentProps'>,
): Promise<PageRow> {
  const { name, url, components, componentProps } = content;
  const [row] = await tx
    .update(websitePages)
    .set({
      name,
      url,
      components,
      componentProps,
      publishedAt: new Date(),
      draft: null,
      draftSavedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(websitePages.id, id))
    .returning();
  return row;
}

/** Keeps a replaced version, with the name of the user who replaced it as the account names them now. */
export async function insertPageVersion(
  tx: DbOrTx,
  values: Omit<PageVersionValues, 'savedByName'>,
): Promise<void> {
  const savedByName =
    values.savedById == null
      ? null
      : sql<string>`(select ${users.fullName} from ${users} where ${users.id} = ${values.savedById})`;
  await tx.insert(websitePageVersions).values({ ...values, savedByName });
}

/** Earlier published versions of a page with who saved them, newest first (at most 100). */
export function pageVersionsOf(db: DbOrTx, pageId: number) {
  return db
    .select({
      id: websitePageVersions.id,
      name: websitePageVersions.name,
      url: websitePageVersions.url,
      components: sql<number>`jsonb_array_length(${websitePageVersions.components})`.mapWith(Number),
      savedAt: websitePageVersions.savedAt,
      savedBy: websitePageVersions.savedByName,
    })
    .from(websitePageVersions)
    .where(eq(websitePageVersions.pageId, pageId))
    .orderBy(desc(websitePageVersions.savedAt), desc(websitePageVersions.id))
    .limit(100);
}

export async function pageVersion(tx: DbOrTx, pageId: number, versionId: number) {
  const [version] = await tx
    .select()
    .from(websitePageVersions)
    .where(and(eq(websitePageVersions.id, versionId), eq(websitePageVersions.pageId, pageId)));
  return version;
}

/** The component types (or the one with `id`) with their saved props and how many pages use each. */
export function componentsWithPageCounts(db: DbOrTx, id?: number) {
  return db
    .select({
      id: websiteComponents.id,
      name: websiteComponents.name,
      props: websiteComponents.props,
      // Written out: inside the sub-select an unqualified "name" would be the page's own column.
      pages:
        sql<number>`(select count(*) from website_pages p where p.components @> jsonb_build_array(website_components.name))`.mapWith(
          Number,
        ),
    })
    .from(websiteComponents)
    .where(id === undefined ? undefined : eq(websiteComponents.id, id))
    .orderBy(asc(websiteComponents.id));
}

export async function updateComponentProps(
  tx: DbOrTx,
  id: number,
  props: (typeof websiteComponents.$inferInsert)['props'],
): Promise<void> {
  await tx.update(websiteComponents).set({ props }).where(eq(websiteComponents.id, id));
}
