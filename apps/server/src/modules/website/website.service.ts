import { randomUUID } from 'node:crypto';
import {
  BUILT_IN_PAGES,
  type ComponentProps,
  normalizePageUrl,
  WEBSITE_IMAGE_PREFIX,
  WEBSITE_MSG,
  type WebsiteComponentName,
  type WebsitePageBody,
} from '@dd/shared';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import { users, websiteComponents, websitePages, websitePageVersions } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/constraint-errors';
import { badRequest, notFound } from '../../lib/errors';
import { cleanPage, cleanPageUrl, cleanProps, isBuiltInPage } from './website.rules';

/**
 * Website pages (staff spec sections 2, 3 and 7): public reading, and for internal staff saving with a
 * version kept for every change, restoring a version, deleting, and the component types' defaults.
 */

type PageRow = typeof websitePages.$inferSelect;

const toPage = (row: PageRow) => ({
  id: row.id,
  name: row.name,
  url: row.url,
  components: row.components ?? [],
  componentProps: row.componentProps ?? [],
  updated_at: row.updatedAt.toISOString(),
});

/** The page saved at `url`, or every page (at most 500) by name. */
export async function listWebsitePages(db: DbOrTx, url: string | undefined) {
  const rows = await db
    .select()
    .from(websitePages)
    .where(url === undefined ? undefined : eq(websitePages.url, normalizePageUrl(url)))
    .orderBy(asc(websitePages.name))
    .limit(500);
  return rows.map(toPage);
}

async function findPage(db: DbOrTx, id: number, lock = false): Promise<PageRow> {
  const query = db.select().from(websitePages).where(eq(websitePages.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function getWebsitePage(db: DbOrTx, id: number) {
  return toPage(await findPage(db, id));
}

/** Unique-url violations become the builder's message on the url field. */
async function withUrlCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw badRequest(WEBSITE_MSG.urlTaken, { url: WEBSITE_MSG.urlTaken });
    throw error;
  }
}

export async function createWebsitePage(db: Db, auth: Auth, body: WebsitePageBody) {
  const page = cleanPage(body);
  return withUrlCheck(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(websitePages).values(page).returning();
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'website_page.create',
        details: { id: row.id, url: row.url },
      });
      return toPage(row);
    }),
  );
}

/** Keeps the page as it is now in its history, then writes `next` over it. */
async function replacePage(
  tx: DbOrTx,
  auth: Auth,
  current: PageRow,
  next: Omit<PageRow, 'id' | 'createdAt' | 'updatedAt'>,
) {
  await tx.insert(websitePageVersions).values({
    pageId: current.id,
    name: current.name,
    url: current.url,
    components: current.components,
    componentProps: current.componentProps,
    savedById: auth.userId,
  });
  const [row] = await tx
    .update(websitePages)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(websitePages.id, current.id))
    .returning();
  return row;
}

export async function updateWebsitePage(db: Db, auth: Auth, id: number, body: WebsitePageBody) {
  const page = cleanPage(body);
  return withUrlCheck(() =>
    db.transaction(async (tx) => {
      const current = await findPage(tx, id, true);
      if (isBuiltInPage(current.url) && page.url !== current.url)
        throw badRequest(WEBSITE_MSG.builtInUrl, { url: WEBSITE_MSG.builtInUrl });
      const row = await replacePage(tx, auth, current, page);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'website_page.update',
        details: { id, url: row.url },
      });
      return toPage(row);
    }),
  );
}

export async function deleteWebsitePage(db: Db, auth: Auth, id: number) {
  await db.transaction(async (tx) => {
    const current = await findPage(tx, id, true);
    if (isBuiltInPage(current.url)) throw badRequest(WEBSITE_MSG.builtInDelete);
    await tx.delete(websitePages).where(eq(websitePages.id, id));
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'website_page.delete',
      details: { id, url: current.url },
    });
  });
  return { success: WEBSITE_MSG.deleted };
}

/** Earlier versions of a page, newest first (at most 100). */
export async function listPageVersions(db: DbOrTx, pageId: number) {
  await findPage(db, pageId);
  const rows = await db
    .select({
      id: websitePageVersions.id,
      name: websitePageVersions.name,
      url: websitePageVersions.url,
      components: sql<number>`jsonb_array_length(${websitePageVersions.components})`.mapWith(Number),
      savedAt: websitePageVersions.savedAt,
      savedBy: users.fullName,
    })
    .from(websitePageVersions)
    .leftJoin(users, eq(users.id, websitePageVersions.savedById))
    .where(eq(websitePageVersions.pageId, pageId))
    .orderBy(desc(websitePageVersions.savedAt), desc(websitePageVersions.id))
    .limit(100);
  return rows.map(({ savedAt, savedBy, ...v }) => ({
    ...v,
    saved_at: savedAt.toISOString(),
    saved_by: savedBy,
  }));
}

/** Puts a version back; the page as it was becomes a version itself, so a restore can be undone too. */
export async function restorePageVersion(db: Db, auth: Auth, pageId: number, versionId: number) {
  return withUrlCheck(() =>
    db.transaction(async (tx) => {
      const current = await findPage(tx, pageId, true);
      const [version] = await tx
        .select()
        .from(websitePageVersions)
        .where(sql`${websitePageVersions.id} = ${versionId} and ${websitePageVersions.pageId} = ${pageId}`);
      if (!version) throw notFound();
      // An old version's url may since have been taken by a screen; the page keeps a url that works.
      const url = isBuiltInPage(current.url) ? current.url : safeUrl(version.url, current.url);
      const row = await replacePage(tx, auth, current, {
        name: version.name,
        url,
        components: version.components,
        componentProps: version.componentProps,
      });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'website_page.restore',
        details: { id: pageId, versionId },
      });
      return toPage(row);
    }),
  );
}

function safeUrl(url: string, fallback: string): string {
  try {
    return cleanPageUrl(url);
  } catch {
    return fallback;
  }
}

/** Creates the landing, About Us and Contact Us pages where their url has no page (start-up, idempotent). */
export async function ensureBuiltInPages(db: DbOrTx): Promise<void> {
  await db
    .insert(websitePages)
    .values(
      BUILT_IN_PAGES.map((p) => ({
        name: p.name,
        url: p.url,
        components: [...p.components],
        componentProps: [...p.componentProps],
      })),
    )
    .onConflictDoNothing({ target: websitePages.url });
}

/** The component types (or the one with `id`) with their saved defaults and how many pages use each. */
export async function listComponents(db: DbOrTx, id?: number) {
  const rows = await db
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
  return rows.map((r) => ({ ...r, name: r.name as WebsiteComponentName }));
}

export async function getComponent(db: DbOrTx, id: number) {
  const [row] = await listComponents(db, id);
  if (!row) throw notFound();
  return row;
}

export async function updateComponent(
  db: Db,
  auth: Auth,
  id: number,
  props: Record<string, string | number | null>,
) {
  const current = await getComponent(db, id);
  const clean: ComponentProps = cleanProps(current.name, props, 0);
  await db.transaction(async (tx) => {
    await tx.update(websiteComponents).set({ props: clean }).where(eq(websiteComponents.id, id));
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'website_component.update',
      details: { id, name: current.name },
    });
  });
  return { ...current, props: clean };
}

/** Storage key of an uploaded website image: public, so kept apart from every upload bucket. */
export const websiteImageKey = (name: string) => `website/${name}`;

export function newWebsiteImageName(ext: string): { name: string; url: string } {
  const name = `${randomUUID()}.${ext}`;
  return { name, url: `${WEBSITE_IMAGE_PREFIX}${name}` };
}
