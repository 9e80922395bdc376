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
import type { Auth } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import type { websitePages } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { findPage, toEditorPage, withUrlCheck } from './website.publishing';
import {
  componentsWithPageCounts,
  deletePage,
  insertPage,
  insertPagesWhereUrlFree,
  publishedPages,
  updateComponentProps,
} from './website.queries';
import { cleanPage, cleanProps, isBuiltInPage } from './website.rules';

/**
 * Website pages (staff spec sections 2, 3 and 7): public reading of published pages, and for internal
 * staff creating (as an unpublished draft), deleting, and the component types' defaults. Drafts, preview,
 * publishing and versions are in website.publishing.ts.
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

/** The published page at `url`, or every published page (at most 500) by name. */
export async function listWebsitePages(db: DbOrTx, url: string | undefined) {
  const rows = await publishedPages(db, url === undefined ? undefined : normalizePageUrl(url));
  return rows.map(toPage);
}

/** A published page by id; a page never published is not there for visitors. */
export async function getWebsitePage(db: DbOrTx, id: number) {
  const row = await findPage(db, id);
  if (!row.publishedAt) throw notFound();
  return toPage(row);
}

/** A new page starts unpublished, its content a draft; its url is held for it from the start. */
export async function createWebsitePage(db: Db, auth: Auth, body: WebsitePageBody) {
  const page = cleanPage(body);
  return withUrlCheck(() =>
    db.transaction(async (tx) => {
      const row = await insertPage(tx, {
        name: page.name,
        url: page.url,
        components: [],
        componentProps: [],
        publishedAt: null,
        draft: page,
        draftSavedAt: new Date(),
      });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'website_page.create',
        details: { id: row.id, url: row.url },
      });
      return toEditorPage(row);
    }),
  );
}

export async function deleteWebsitePage(db: Db, auth: Auth, id: number) {
  await db.transaction(async (tx) => {
    const current = await findPage(tx, id, true);
    if (isBuiltInPage(current.url)) throw badRequest(WEBSITE_MSG.builtInDelete);
    await deletePage(tx, id);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'website_page.delete',
      details: { id, url: current.url },
    });
  });
  return { success: WEBSITE_MSG.deleted };
}

/** Creates the landing, About Us and Contact Us pages where their url has no page (start-up, idempotent). */
export async function ensureBuiltInPages(db: DbOrTx): Promise<void> {
  await insertPagesWhereUrlFree(
    db,
    BUILT_IN_PAGES.map((p) => ({
      name: p.name,
      url: p.url,
      components: [...p.components],
      componentProps: [...p.componentProps],
    })),
  );
}

/** The component types (or the one with `id`) with their saved defaults and how many pages use each. */
export async function listComponents(db: DbOrTx, id?: number) {
  const rows = await componentsWithPageCounts(db, id);
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
    await updateComponentProps(tx, id, clean);
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
