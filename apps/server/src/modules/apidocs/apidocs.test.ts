import { describe, expect, it } from 'vitest';
import { getContext } from '../../../test/helpers';
import { apiTag } from '../../lib/openapi';

describe('API docs', () => {
  it('documents every route with its group and who may call it', async () => {
    const { app } = await getContext();
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/modelConfig/{id}/apply/'].post;
    expect(op.tags).toEqual(['modelConfig']);
    expect(op.description).toBe('Who may call it: internalAdmin.');
    expect(doc.paths['/api/home/request/{id}/'].get.tags).toEqual(['home/request']);
    expect(apiTag('/users/token/')).toBe('users');
  });

  it('serves Swagger UI from this server, framable by the app alone', async () => {
    const { app } = await getContext();
    const page = await app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.body).toContain('/api/docs/swagger-ui-bundle.js');
    const bundle = await app.inject({ url: '/api/docs/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.body.length).toBeGreaterThan(100_000);
    expect((await app.inject({ url: '/api/docs/package.json' })).statusCode).toBe(400);
    // Every other page keeps refusing to be framed.
    expect((await app.inject({ url: '/api/getApps/' })).headers['content-security-policy']).toContain(
      "frame-ancestors 'none'",
    );
  });
});
