import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test';
import { loadPage, pageUrl, prefetchPage } from './api';

describe('website page content', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('maps a website path to its page-builder url', () => {
    expect(pageUrl('')).toBe('/');
    expect(pageUrl('/')).toBe('/');
    expect(pageUrl('about-us')).toBe('/about-us/');
    expect(pageUrl('/services/records/')).toBe('/services/records/');
  });

  it('loads the content once when it was started with the page code, and afresh after that', async () => {
    let n = 0;
    const calls = stubApi((call) =>
      call.path === '/api/modelWebsite/page/' ? json({ components: [], answer: ++n }) : undefined,
    );
    prefetchPage('/prefetch-test/');
    prefetchPage('/prefetch-test/');
    expect(calls).toHaveLength(1);
    expect(calls[0].query.get('url')).toBe('/prefetch-test/');
    expect(await loadPage('/prefetch-test/')).toMatchObject({ answer: 1 });
    expect(calls).toHaveLength(1);
    expect(await loadPage('/prefetch-test/')).toMatchObject({ answer: 2 });
    expect(calls).toHaveLength(2);
  });

  it('reports a failed early load to the screen that reads it', async () => {
    stubApi((call) => (call.path === '/api/modelWebsite/page/' ? json({ error: 'Down' }, 503) : undefined));
    prefetchPage('/failing/');
    await expect(loadPage('/failing/')).rejects.toThrow();
  });
});
