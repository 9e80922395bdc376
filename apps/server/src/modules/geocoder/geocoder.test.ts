import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GEO_MSG } from '@dd/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories';
import { getContext, testEnv } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createDeps } from '../../deps';
import { geocode } from './geocoder.service';

/** A stand-in for a Nominatim server: it checks each request it receives and answers by the query. */
let server: Server;
let base: string;
const seen: URL[] = [];

function answer(req: IncomingMessage) {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  seen.push(url);
  const wellFormed =
    url.pathname === '/nominatim/search' &&
    url.searchParams.get('format') === 'jsonv2' &&
    url.searchParams.get('addressdetails') === '1' &&
    req.headers['user-agent']?.startsWith('DirectDocs/');
  if (!wellFormed) return { status: 400, body: [] };
  const q = url.searchParams.get('q');
  if (q === 'broken') return { status: 503, body: { error: 'down' } };
  if (q === 'nowhere') return { status: 200, body: [] };
  return {
    status: 200,
    body: [
      {
        display_name: '102, North Cascade Avenue, Colorado Springs, Colorado, 80903, United States',
        lat: '38.8363',
        lon: '-104.8237',
        address: {
          house_number: '102',
          road: 'North Cascade Avenue',
          city: 'Colorado Springs',
          state: 'Colorado',
          'ISO3166-2-lvl4': 'US-CO',
          postcode: '80903',
        },
      },
      { display_name: 'No coordinates', lat: 'x', lon: 'y' },
    ],
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const { status, body } = answer(req);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nominatim`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('address search', () => {
  it('asks the geocoder for the address and answers places with their address fields', async () => {
    const places = await geocode(base, '102 N Cascade Ave, Colorado Springs');
    expect(seen.at(-1)?.searchParams.get('q')).toBe('102 N Cascade Ave, Colorado Springs');
    expect(places).toEqual([
      {
        label: '102, North Cascade Avenue, Colorado Springs, Colorado, 80903, United States',
        lat: 38.8363,
        lon: -104.8237,
        address_1: '102 North Cascade Avenue',
        city: 'Colorado Springs',
        state: 'CO',
        zip_code: '80903',
      },
    ]);
    expect(await geocode(base, 'nowhere')).toEqual([]);
  });

  it("says why the geocoder failed: 'Geocoder failed due to: {status}'", async () => {
    await expect(geocode(base, 'broken')).rejects.toMatchObject({
      statusCode: 502,
      message: GEO_MSG.failed('503'),
    });
    await expect(geocode('http://127.0.0.1:9/', 'anything')).rejects.toMatchObject({
      message: GEO_MSG.failed('UNREACHABLE'),
    });
  });

  it('answers signed-in users through GET /api/geocode/ when GEOCODER_URL is set', async () => {
    const { deps } = await getContext();
    const configured = createDeps(testEnv({ GEOCODER_URL: base }), deps.db);
    const app = await buildApp(configured);
    const user = await signedIn(configured);
    const res = await app.inject({ url: '/api/geocode/?q=102%20N%20Cascade', headers: user.headers });
    expect(res.json()[0]).toMatchObject({ city: 'Colorado Springs', zip_code: '80903' });
    const failed = await app.inject({ url: '/api/geocode/?q=broken', headers: user.headers });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe(GEO_MSG.failed('503'));
    expect((await app.inject({ url: '/api/geocode/?q=102%20N%20Cascade' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/settings/' })).json().geocoder).toBe(true);
    await app.close();
  });

  it('without a configured geocoder the field is a plain address', async () => {
    const { app, deps } = await getContext();
    const user = await signedIn(deps);
    const res = await app.inject({ url: '/api/geocode/?q=102%20N%20Cascade', headers: user.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(GEO_MSG.notConfigured);
    expect((await app.inject({ url: '/api/settings/' })).json().geocoder).toBe(false);
  });
});
