// A stand-in for a Nominatim-compatible geocoder (the real one is unreachable here): it checks that each
// request is the product's and answers by the query: a place for 'Cascade', none for 'nowhere', 503 for 'broken'.
import { createServer } from 'node:http';

const port = Number(process.env.GEO_PORT ?? 3190);
const PLACE = {
  display_name: '102, North Cascade Avenue, Colorado Springs, El Paso County, Colorado, 80903, United States',
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
};

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const send = (status, body) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (url.pathname === '/healthz') return send(200, { status: 'ok' });
  if (url.pathname !== '/search' || url.searchParams.get('format') !== 'jsonv2')
    return send(400, { error: 'bad request' });
  const q = url.searchParams.get('q') ?? '';
  if (q.includes('broken')) return send(503, { error: 'down' });
  return send(200, /cascade/i.test(q) ? [PLACE] : []);
}).listen(port, '127.0.0.1');
