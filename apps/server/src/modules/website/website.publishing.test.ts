import {
  WEBSITE_DRAFT_MSG,
  WEBSITE_MSG,
  type WebsiteEditorPage,
  type WebsitePage,
  type WebsitePageVersion,
} from '@dd/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, signedIn } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { get, internalStaff, post } from '../requests/requests.staff-fixtures';

/**
 * The page builder's drafts: a save never reaches visitors; staff preview the draft and Publish puts it
 * live, keeping the version it replaces. Restoring a version makes it the draft.
 */
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const teamPage = (url = `/team-${unique()}/`) => ({
  name: 'Our team',
  url,
  components: ['Header', 'Paragraph', 'WhiteSpace'],
  componentProps: [{ title: 'Meet the team' }, { text: 'We retrieve records.' }, { height: 40 }],
});
const edited = (url: string) => ({
  name: 'Our people',
  url,
  components: ['Paragraph'],
  componentProps: [{ text: 'New words' }],
});

async function served(url: string) {
  return (await get(`/api/modelWebsite/page/?url=${url}`, {})).json() as WebsitePage[];
}

async function newPage(headers: Record<string, string>) {
  const res = await post('/api/modelWebsite/page/', headers, teamPage());
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WebsiteEditorPage;
}

describe('drafts and publishing', () => {
  it('keeps a new page from visitors until it is published', async () => {
    const staff = await internalStaff();
    const page = await newPage(staff.headers);
    expect(page).toMatchObject({
      has_draft: true,
      published_at: null,
      components: ['Header', 'Paragraph', 'WhiteSpace'],
    });
    expect(await served(page.url)).toEqual([]);
    expect((await get(`/api/modelWebsite/page/${page.id}/`, {})).statusCode).toBe(404);
    expect((await get('/api/modelWebsite/page/', {})).json()).not.toContainEqual(
      expect.objectContaining({ id: page.id }),
    );

    const published = await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {});
    expect(published.json()).toMatchObject({ has_draft: false, published_at: expect.any(String) });
    expect(await served(page.url)).toEqual([
      expect.objectContaining({ id: page.id, components: ['Header', 'Paragraph', 'WhiteSpace'] }),
    ]);
  });

  it('saves changes as a draft the public page does not show, previews it, and publishes it', async () => {
    const staff = await internalStaff();
    const page = await newPage(staff.headers);
    await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {});

    const saved = await post(`/api/modelWebsite/page/${page.id}/`, staff.headers, edited(page.url));
    expect(saved.json()).toMatchObject({ name: 'Our people', has_draft: true, components: ['Paragraph'] });
    expect((await served(page.url))[0]).toMatchObject({
      name: 'Our team',
      components: ['Header', 'Paragraph', 'WhiteSpace'],
    });
    expect((await get(`/api/modelWebsite/page/${page.id}/`, {})).json()).toMatchObject({ name: 'Our team' });
    const preview = await get(`/api/modelWebsite/page/${page.id}/preview/`, staff.headers);
    expect(preview.json()).toMatchObject({ name: 'Our people', componentProps: [{ text: 'New words' }] });

    const published = await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {});
    expect(published.json()).toMatchObject({ name: 'Our people', has_draft: false });
    expect((await served(page.url))[0]).toMatchObject({ name: 'Our people', components: ['Paragraph'] });
    const again = await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {});
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: WEBSITE_DRAFT_MSG.nothingToPublish });
  });

  it('moves the page to a new url only on Publish, and refuses a url another page holds', async () => {
    const staff = await internalStaff();
    const page = await newPage(staff.headers);
    await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {});
    const other = await newPage(staff.headers);
    const taken = await post(`/api/modelWebsite/page/${page.id}/`, staff.headers, edited(other.url));
    expect(taken.json()).toMatchObject({
      error: WEBSITE_MSG.urlTaken,
      fields: { url: WEBSITE_MSG.urlTaken },
    });

    const moved = `/people-${unique()}/`;
    await post(`/api/modelWebsite/page/${page.id}/`, staff.headers, edited(moved));
    expect(await served(moved)).toEqual([]);
    expect(await served(page.url)).toHaveLength(1);
    await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {});
    expect(await served(moved)).toHaveLength(1);
    expect(await served(page.url)).toEqual([]);
  });

  it('keeps drafts, previews and publishing from firm users and visitors', async () => {
    const staff = await internalStaff();
    const page = await newPage(staff.headers);
    const { deps } = await getContext();
    const firm = await signedIn(deps, { companyId: (await createCompany(deps.db)).id, isStaff: true });
    for (const headers of [firm.headers, {}]) {
      const code = Object.keys(headers).length ? 403 : 401;
      expect((await get(`/api/modelWebsite/page/${page.id}/preview/`, headers)).statusCode).toBe(code);
      expect((await get('/api/modelWebsite/page/all/', headers)).statusCode).toBe(code);
      expect((await post(`/api/modelWebsite/page/${page.id}/publish/`, headers, {})).statusCode).toBe(code);
    }
    expect(await served(page.url)).toEqual([]);
    const all = (await get('/api/modelWebsite/page/all/', staff.headers)).json() as WebsiteEditorPage[];
    expect(all).toContainEqual(expect.objectContaining({ id: page.id, published_at: null, has_draft: true }));
  });
});

describe('versions', () => {
  it('names who published over each version, also after their account is deleted', async () => {
    const { deps } = await getContext();
    const staff = await internalStaff();
    const page = await newPage(staff.headers);
    await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {});
    await post(`/api/modelWebsite/page/${page.id}/`, staff.headers, edited(page.url));
    await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {});
    const savedBy = async (headers: Record<string, string>) => {
      const versions = await get(`/api/modelWebsite/page/${page.id}/versions/`, headers);
      return (versions.json() as WebsitePageVersion[]).map((v) => v.saved_by);
    };
    expect(await savedBy(staff.headers)).toEqual([staff.user.fullName]);

    const reader = await internalStaff();
    await deps.db.execute(sql`delete from users where id = ${staff.user.id}`);
    expect(await savedBy(reader.headers)).toEqual([staff.user.fullName]);
  });

  it('keeps each published version and makes a restored one the draft, live again only on Publish', async () => {
    const staff = await internalStaff();
    const page = await newPage(staff.headers);
    await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {});
    await post(`/api/modelWebsite/page/${page.id}/`, staff.headers, edited(page.url));
    // Saving a draft keeps no version: the live page has not changed.
    expect((await get(`/api/modelWebsite/page/${page.id}/versions/`, staff.headers)).json()).toEqual([]);
    await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {});

    const versions = (await get(`/api/modelWebsite/page/${page.id}/versions/`, staff.headers)).json();
    expect(versions).toEqual([
      expect.objectContaining({ name: 'Our team', components: 3, saved_by: expect.any(String) }),
    ]);
    const restored = await post(
      `/api/modelWebsite/page/${page.id}/versions/${(versions as WebsitePageVersion[])[0].id}/restore/`,
      staff.headers,
      {},
    );
    expect(restored.json()).toMatchObject({
      name: 'Our team',
      components: ['Header', 'Paragraph', 'WhiteSpace'],
      has_draft: true,
    });
    expect((await served(page.url))[0]).toMatchObject({ name: 'Our people' });
    await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {});
    expect((await served(page.url))[0]).toMatchObject({ name: 'Our team' });
    const after = (await get(`/api/modelWebsite/page/${page.id}/versions/`, staff.headers)).json();
    expect(after.map((v: { name: string }) => v.name)).toEqual(['Our people', 'Our team']);
  });

  it("refuses another page's version and keeps firm users out of the history", async () => {
    const staff = await internalStaff();
    const a = await newPage(staff.headers);
    const b = await newPage(staff.headers);
    await post(`/api/modelWebsite/page/${a.id}/publish/`, staff.headers, {});
    await post(`/api/modelWebsite/page/${a.id}/`, staff.headers, { ...teamPage(a.url), name: 'A2' });
    await post(`/api/modelWebsite/page/${a.id}/publish/`, staff.headers, {});
    const [version] = (await get(`/api/modelWebsite/page/${a.id}/versions/`, staff.headers)).json();
    const wrong = await post(
      `/api/modelWebsite/page/${b.id}/versions/${version.id}/restore/`,
      staff.headers,
      {},
    );
    expect(wrong.statusCode).toBe(404);
    const { deps } = await getContext();
    const firm = await signedIn(deps, { companyId: (await createCompany(deps.db)).id, isStaff: true });
    expect((await get(`/api/modelWebsite/page/${a.id}/versions/`, firm.headers)).statusCode).toBe(403);
  });
});
