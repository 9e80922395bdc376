import { normalizePageUrl, WEBSITE_COMPONENT_NAMES, WEBSITE_MSG, type WebsitePage } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { createCompany, signedIn } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { websitePages } from '../../db/schema';
import { multipart, PDF, PNG } from '../files/files.test-utils';
import { get, internalStaff, post } from '../requests/requests.staff-fixtures';

/**
 * Website pages and the page builder: public reading, staff saving, url rules, sanitized properties,
 * component defaults and website images; nobody else may change anything. Drafts, publishing and versions
 * are in website.publishing.test.ts.
 */
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const teamPage = (url = `/team-${unique()}/`) => ({
  name: 'Our team',
  url,
  components: ['Header', 'Paragraph', 'WhiteSpace'],
  componentProps: [
    { title: 'Meet the team', subtitle: 'The people behind your records' },
    { title: 'Who we are', text: 'We retrieve records.', align: 'center' },
    { height: 40 },
  ],
});

async function firmCaller() {
  const { deps } = await getContext();
  const firm = await createCompany(deps.db);
  return signedIn(deps, { companyId: firm.id, isStaff: true });
}

describe('reading website pages', () => {
  it('finds the page saved for a url, whatever its case and slashes', async () => {
    const { app, deps } = await getContext();
    const url = `/team-${unique()}/`;
    await deps.db.insert(websitePages).values({
      name: 'Our team',
      url,
      components: ['Header', 'Paragraph'],
      componentProps: [{ title: 'Our team' }, { text: 'Hello' }],
    });
    const res = await app.inject({
      url: `/api/modelWebsite/page/?url=${encodeURIComponent(url.toUpperCase().slice(0, -1))}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ name: 'Our team', url, components: ['Header', 'Paragraph'] }),
    ]);
  });

  it('answers an empty list for a url with no page', async () => {
    const { app } = await getContext();
    const res = await app.inject({ url: '/api/modelWebsite/page/?url=/nothing-here/' });
    expect(res.json()).toEqual([]);
  });

  it('has the landing, About Us and Contact Us pages from the start', async () => {
    const { app } = await getContext();
    for (const [url, first] of [
      ['/', 'TopContent'],
      ['/about-us/', 'Header'],
      ['/contact-us/', 'Header'],
    ]) {
      const [page] = (
        await app.inject({ url: `/api/modelWebsite/page/?url=${url}` })
      ).json() as WebsitePage[];
      expect(page.components[0]).toBe(first);
    }
  });

  it('normalises urls', () => {
    expect(normalizePageUrl('Our-Team')).toBe('/our-team/');
    expect(normalizePageUrl('//')).toBe('/');
  });
});

describe('saving a page', () => {
  it('lets internal staff create a page that anyone can read by id once published', async () => {
    const staff = await internalStaff();
    const res = await post('/api/modelWebsite/page/', staff.headers, teamPage());
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as WebsitePage;
    expect(page.componentProps[2]).toEqual({ height: 40 });
    expect((await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {})).statusCode).toBe(
      200,
    );
    const read = await get(`/api/modelWebsite/page/${page.id}/`, {});
    expect(read.json()).toMatchObject({
      name: 'Our team',
      components: ['Header', 'Paragraph', 'WhiteSpace'],
    });
  });

  it('refuses firm users and visitors, and changes nothing', async () => {
    const firm = await firmCaller();
    const url = `/team-${unique()}/`;
    expect((await post('/api/modelWebsite/page/', firm.headers, teamPage(url))).statusCode).toBe(403);
    expect((await post('/api/modelWebsite/page/', {}, teamPage(url))).statusCode).toBe(401);
    expect((await get(`/api/modelWebsite/page/?url=${url}`, {})).json()).toEqual([]);
  });

  it("refuses urls that are malformed, taken, or a screen's", async () => {
    const staff = await internalStaff();
    const page = teamPage();
    expect((await post('/api/modelWebsite/page/', staff.headers, page)).statusCode).toBe(200);
    const cases: [string, string][] = [
      [page.url, WEBSITE_MSG.urlTaken],
      ['/dashboard/', WEBSITE_MSG.urlReserved('dashboard')],
      ['/api/evil/', WEBSITE_MSG.urlReserved('api')],
      ['/Request/5/', WEBSITE_MSG.urlReserved('request')],
      ['/our team/', WEBSITE_MSG.urlInvalid],
      ['/<script>/', WEBSITE_MSG.urlInvalid],
    ];
    for (const [url, message] of cases) {
      const res = await post('/api/modelWebsite/page/', staff.headers, { ...teamPage(), url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: message, fields: { url: message } });
    }
  });

  it('removes markup from text and drops properties a component does not have', async () => {
    const staff = await internalStaff();
    const payloads = [
      '<script>alert(1)</script>Team',
      '<img src=x onerror=alert(1)>Team',
      '<svg/onload=alert(1)>Team',
      '<a href="javascript:alert(1)">Team</a>',
      '"><iframe src=javascript:alert(1)>Team',
    ];
    const res = await post('/api/modelWebsite/page/', staff.headers, {
      ...teamPage(),
      components: payloads.map(() => 'Paragraph'),
      componentProps: payloads.map((p) => ({
        title: p,
        text: `Tom & Jerry, a < b ${p}`,
        onclick: 'alert(1)',
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { componentProps } = res.json() as WebsitePage;
    for (const props of componentProps) {
      expect(Object.keys(props).sort()).toEqual(['text', 'title']);
      expect(String(props.title)).toMatch(/Team$/);
      expect(JSON.stringify(props)).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<svg|<img/i);
      expect(String(props.text)).toMatch(/^Tom & Jerry, a < b /);
    }
  });

  it('decodes entity-encoded markup before removing it, so neither the save nor the page carries any', async () => {
    const staff = await internalStaff();
    const payloads = [
      '&lt;img src=x onerror=alert(1)&gt;Team',
      '&#60;svg onload=alert(1)&#x3E;Team',
      '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;Team',
      '<<b>img src=x onerror=alert(1)>Team',
    ];
    const page = {
      ...teamPage(),
      components: payloads.map(() => 'Paragraph'),
      componentProps: payloads.map((p) => ({ title: p, text: `Tom &amp; Jerry ${p}` })),
    };
    const saved = await post('/api/modelWebsite/page/', staff.headers, page);
    expect(saved.statusCode, saved.body).toBe(200);
    await post(`/api/modelWebsite/page/${saved.json().id}/publish/`, staff.headers, {});
    const served = await get(`/api/modelWebsite/page/?url=${page.url}`, {});
    expect(served.json()).toHaveLength(1);
    for (const body of [saved.body, served.body]) {
      expect(body).not.toMatch(/<\s*(img|svg|script)|onerror|onload/i);
    }
    for (const props of (saved.json() as WebsitePage).componentProps) {
      expect(props.title).toBe('Team');
      expect(props.text).toBe('Tom & Jerry Team');
    }
  });

  it('refuses unsafe links, images and colours with the field named', async () => {
    const staff = await internalStaff();
    const cases: [string, Record<string, string>, string][] = [
      ['CTA1', { buttonLink: 'javascript:alert(1)' }, WEBSITE_MSG.badLink('Button link')],
      ['CTA1', { buttonLink: ' JaVaScRiPt:alert(1)' }, WEBSITE_MSG.badLink('Button link')],
      ['CTA1', { buttonLink: '//evil.example/' }, WEBSITE_MSG.badLink('Button link')],
      [
        'TopContent',
        { image: 'data:image/svg+xml;base64,PHN2Zz4=' },
        WEBSITE_MSG.badImage('Image (leave empty for the built-in artwork)'),
      ],
      [
        'TopContent',
        { image: 'http://plain.example/a.png' },
        WEBSITE_MSG.badImage('Image (leave empty for the built-in artwork)'),
      ],
      [
        'Header',
        { gradientFrom: 'red;background:url(https://evil.example/)' },
        WEBSITE_MSG.badColor('Background gradient start'),
      ],
      ['WhiteSpace', { height: 'tall' }, WEBSITE_MSG.badNumber('Height in pixels (0 to 400)')],
    ];
    for (const [component, props, message] of cases) {
      const res = await post('/api/modelWebsite/page/', staff.headers, {
        ...teamPage(),
        components: [component],
        componentProps: [props],
      });
      expect(res.statusCode, JSON.stringify(props)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const fine = await post('/api/modelWebsite/page/', staff.headers, {
      ...teamPage(),
      components: ['CTA1', 'CTA1', 'CTA1', 'Header'],
      componentProps: [
        { buttonLink: '/contact-us/' },
        { buttonLink: 'https://example.com/x?y=1' },
        { buttonLink: 'mailto:team@example.com' },
        { gradientFrom: 'rgb(31, 95, 168)', gradientTo: '#0b2a4a' },
      ],
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses unknown components and property lists that do not match', async () => {
    const staff = await internalStaff();
    const unknown = await post('/api/modelWebsite/page/', staff.headers, {
      ...teamPage(),
      components: ['Script'],
      componentProps: [{}],
    });
    expect(unknown.json()).toMatchObject({ error: WEBSITE_MSG.unknownComponent('Script') });
    const mismatch = await post('/api/modelWebsite/page/', staff.headers, {
      ...teamPage(),
      componentProps: [],
    });
    expect(mismatch.json()).toMatchObject({ error: WEBSITE_MSG.propsMismatch });
  });
});

describe('deleting and the built-in pages', () => {
  it('deletes a page so its url shows nothing', async () => {
    const staff = await internalStaff();
    const page = (await post('/api/modelWebsite/page/', staff.headers, teamPage())).json() as WebsitePage;
    await post(`/api/modelWebsite/page/${page.id}/publish/`, staff.headers, {});
    expect((await get(`/api/modelWebsite/page/?url=${page.url}`, {})).json()).toHaveLength(1);
    const firm = await firmCaller();
    expect((await post(`/api/modelWebsite/page/${page.id}/delete/`, firm.headers, {})).statusCode).toBe(403);
    const res = await post(`/api/modelWebsite/page/${page.id}/delete/`, staff.headers, {});
    expect(res.json()).toEqual({ success: WEBSITE_MSG.deleted });
    expect((await get(`/api/modelWebsite/page/?url=${page.url}`, {})).json()).toEqual([]);
  });

  it('keeps the landing page: editable, never deleted, its url fixed', async () => {
    const staff = await internalStaff();
    const [landing] = (await get('/api/modelWebsite/page/?url=/', {})).json() as WebsitePage[];
    const moved = await post(`/api/modelWebsite/page/${landing.id}/`, staff.headers, {
      ...landing,
      url: '/home-page/',
    });
    expect(moved.json()).toMatchObject({ error: WEBSITE_MSG.builtInUrl });
    const deleted = await post(`/api/modelWebsite/page/${landing.id}/delete/`, staff.headers, {});
    expect(deleted.json()).toMatchObject({ error: WEBSITE_MSG.builtInDelete });
    const edit = await post(`/api/modelWebsite/page/${landing.id}/`, staff.headers, landing);
    expect(edit.statusCode, edit.body).toBe(200);
  });
});

describe('component types', () => {
  it('lists the 16 types and saves cleaned defaults for staff only', async () => {
    const staff = await internalStaff();
    const list = (await get('/api/home/component/', staff.headers)).json() as {
      id: number;
      name: string;
      pages: number;
    }[];
    expect(list.map((c) => c.name)).toEqual([...WEBSITE_COMPONENT_NAMES]);
    expect(list.find((c) => c.name === 'TopContent')?.pages).toBeGreaterThanOrEqual(1);
    const cta = list.find((c) => c.name === 'CTA1')!;
    const saved = await post(`/api/home/component/${cta.id}/`, staff.headers, {
      props: { title: '<b>Talk</b> to us', buttonLink: '/contact-us/', nonsense: 'x' },
    });
    expect(saved.json()).toMatchObject({
      name: 'CTA1',
      props: { title: 'Talk to us', buttonLink: '/contact-us/' },
    });
    expect(saved.json().props).not.toHaveProperty('nonsense');
    const bad = await post(`/api/home/component/${cta.id}/`, staff.headers, {
      props: { buttonLink: 'javascript:x' },
    });
    expect(bad.statusCode).toBe(400);
    const firm = await firmCaller();
    expect((await get('/api/home/component/', firm.headers)).statusCode).toBe(403);
    expect((await post(`/api/home/component/${cta.id}/`, firm.headers, { props: {} })).statusCode).toBe(403);
  });
});

describe('website images', () => {
  const upload = async (headers: Record<string, string>, content: Buffer, filename = 'team.png') => {
    const { app } = await getContext();
    const body = multipart([{ name: 'file', filename, content, type: 'image/png' }]);
    return app.inject({
      method: 'POST',
      url: '/api/modelWebsite/image/',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('stores a staff image and serves it to anyone as an image', async () => {
    const staff = await internalStaff();
    const res = await upload(staff.headers, PNG);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/api\/modelWebsite\/image\/[a-f0-9-]{36}\.png$/);
    const image = await get(url, {});
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const page = await post('/api/modelWebsite/page/', staff.headers, {
      ...teamPage(),
      components: ['TopContent'],
      componentProps: [{ image: url }],
    });
    expect(page.statusCode, page.body).toBe(200);
  });

  it('refuses documents, firm users and names outside the image folder', async () => {
    const staff = await internalStaff();
    expect((await upload(staff.headers, PDF, 'records.pdf')).statusCode).toBe(415);
    const firm = await firmCaller();
    expect((await upload(firm.headers, PNG)).statusCode).toBe(403);
    expect((await get('/api/modelWebsite/image/..%2Fhipaa-forms%2Fx.pdf', {})).statusCode).toBe(400);
  });
});
