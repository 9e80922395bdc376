import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { websitePages } from '../../db/schema';

/** Reading saved website pages: public marketing content, the same for every caller. */

/** '/Our-Team' and 'our-team/' name the same page: lower case, one leading and one trailing slash. */
export function normalizePageUrl(url: string): string {
  const inner = url
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '');
  return inner ? `/${inner}/` : '/';
}

/** The page saved at `url`, or every page (at most 500) when no url is given, by name. */
export async function listWebsitePages(db: DbOrTx, url: string | undefined) {
  const rows = await db
    .select()
    .from(websitePages)
    .where(url === undefined ? undefined : eq(websitePages.url, normalizePageUrl(url)))
    .orderBy(asc(websitePages.name))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    components: r.components ?? [],
    componentProps: r.componentProps ?? [],
  }));
}
