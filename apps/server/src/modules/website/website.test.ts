import { describe, expect, it } from 'vitest';
import { getContext } from '../../../test/helpers';
import { websitePages } from '../../db/schema';
import { normalizePageUrl } from './website.service';

describe('GET /api/modelWebsite/page/', () => {
  it('finds the page saved for a url, whatever its case and slashes', async () => {
    const { app, deps } = await getContext();
    const url = `/team-${Date.now()}/`;
    await deps.db.insert(websitePages).values({
      name: 'Our team',
      url,
      components: ['Header', 'Paragraph'],
      componentProps: [{ text: 'Our team' }, { text: 'Hello' }],
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

  it('normalises urls', () => {
    expect(normalizePageUrl('Our-Team')).toBe('/our-team/');
    expect(normalizePageUrl('//')).toBe('/');
  });
});
