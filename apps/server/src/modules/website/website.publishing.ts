import { WEBSITE_DRAFT_MSG, WEBSITE_MSG, type WebsiteEditorPage, type WebsitePageBody } from '@dd/shared';
import type { Auth } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import type { websitePages } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/constraint-errors';
import { badRequest, notFound } from '../../lib/errors';
import {
  allPagesByName,
  insertPageVersion,
  otherPageWithUrl,
  pageById,
  pageVersion,
  pageVersionsOf,
  updatePageDraft,
  updatePagePublished,
} from './website.queries';
import { cleanPage, cleanPageUrl, isBuiltInPage } from './website.rules';

/**
 * The builder's side of a page (internal staff): saves go into the page's draft, which staff preview,
 * and Publish puts the draft live, keeping the version it replaces in the page's history. Visitors only
 * ever read the published columns (website.service.ts).
 */

type PageRow = typeof websitePages.$inferSelect;

/** The page as the builder edits it: the draft when there is one, otherwise the published version. */
export function toEditorPage(row: PageRow): WebsiteEditorPage {
  const content = row.draft ?? row;
  return {
    id: row.id,
    name: content.name,
    url: content.url,
    components: content.components ?? [],
    componentProps: content.componentProps ?? [],
    has_draft: row.draft !== null,
    draft_saved_at: row.draftSavedAt?.toISOString() ?? null,
    published_at: row.publishedAt?.toISOString() ?? null,
    published_url: row.publishedAt ? row.url : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findPage(db: DbOrTx, id: number, lock = false): Promise<PageRow> {
  const row = await pageById(db, id, lock);
  if (!row) throw notFound();
  return row;
}

/** Unique-url violations become the builder's message on the url field. */
export async function withUrlCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw badRequest(WEBSITE_MSG.urlTaken, { url: WEBSITE_MSG.urlTaken });
    throw error;
  }
}

/** Every page, published or not, by name (at most 500): the builder's list. */
export async function listEditorPages(db: DbOrTx) {
  const rows = await allPagesByName(db);
  return rows.map(toEditorPage);
}

export async function previewPage(db: DbOrTx, id: number) {
  return toEditorPage(await findPage(db, id));
}

/** Saves the builder's page as the draft; what visitors see does not change. */
export async function saveDraft(db: Db, auth: Auth, id: number, body: WebsitePageBody) {
  const page = cleanPage(body);
  return db.transaction(async (tx) => {
    const current = await findPage(tx, id, true);
    if (isBuiltInPage(current.url) && page.url !== current.url)
      throw badRequest(WEBSITE_MSG.builtInUrl, { url: WEBSITE_MSG.builtInUrl });
    // The url is only taken on Publish, so another page holding it is caught now rather than then.
    const other = await otherPageWithUrl(tx, page.url, id);
    if (other) throw badRequest(WEBSITE_MSG.urlTaken, { url: WEBSITE_MSG.urlTaken });
    const row = await updatePageDraft(tx, id, page, new Date());
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'website_page.save_draft',
      details: { id, url: page.url },
    });
    return toEditorPage(row);
  });
}

/** Puts the draft live; the version it replaces (if the page was live) goes into the history. */
export async function publishPage(db: Db, auth: Auth, id: number) {
  return withUrlCheck(() =>
    db.transaction(async (tx) => {
      const current = await findPage(tx, id, true);
      if (!current.draft) throw badRequest(WEBSITE_DRAFT_MSG.nothingToPublish);
      if (current.publishedAt) {
        await insertPageVersion(tx, {
          pageId: current.id,
          name: current.name,
          url: current.url,
          components: current.components,
          componentProps: current.componentProps,
          savedById: auth.userId,
        });
      }
      const { url } = current.draft;
      const row = await updatePagePublished(tx, id, current.draft);
      await recordAudit(tx, { actorId: auth.userId, action: 'website_page.publish', details: { id, url } });
      return toEditorPage(row);
    }),
  );
}

/** Earlier published versions of a page, newest first (at most 100). */
export async function listPageVersions(db: DbOrTx, pageId: number) {
  await findPage(db, pageId);
  const rows = await pageVersionsOf(db, pageId);
  return rows.map(({ savedAt, savedBy, ...v }) => ({
    ...v,
    saved_at: savedAt.toISOString(),
    saved_by: savedBy,
  }));
}

/** Makes a version the page's draft, to preview and publish like any other change. */
export async function restorePageVersion(db: Db, auth: Auth, pageId: number, versionId: number) {
  return db.transaction(async (tx) => {
    const current = await findPage(tx, pageId, true);
    const version = await pageVersion(tx, pageId, versionId);
    if (!version) throw notFound();
    // An old version's url may since have been taken by a screen or a page; the page keeps a url that works.
    const url = isBuiltInPage(current.url) ? current.url : await usableUrl(tx, version.url, current);
    const draft = {
      name: version.name,
      url,
      components: version.components,
      componentProps: version.componentProps,
    };
    const row = await updatePageDraft(tx, pageId, draft, new Date());
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'website_page.restore',
      details: { id: pageId, versionId },
    });
    return toEditorPage(row);
  });
}

async function usableUrl(tx: DbOrTx, url: string, current: PageRow): Promise<string> {
  const fallback = current.draft?.url ?? current.url;
  try {
    const clean = cleanPageUrl(url);
    const other = await otherPageWithUrl(tx, clean, current.id);
    return other ? fallback : clean;
  } catch {
    return fallback;
  }
}
