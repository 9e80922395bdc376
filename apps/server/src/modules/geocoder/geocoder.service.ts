import { GEO_MSG, type GeocodeResult } from '@dd/shared';
import { HttpError } from '../../lib/errors';

/**
 * Looks an address up at a Nominatim-compatible geocoder (GET {base}/search?format=jsonv2). The server
 * makes the call, so the page's CSP stays 'self' and the geocoder never sees the user's browser. A
 * geocoder that fails or does not answer in time gives 'Geocoder failed due to: {status}'.
 */
const TIMEOUT_MS = 8000;

interface NominatimPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
  address?: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function placeOf(place: NominatimPlace): GeocodeResult | null {
  const lat = Number(place.lat);
  const lon = Number(place.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  const a = place.address ?? {};
  const street = [text(a.house_number), text(a.road)].filter(Boolean).join(' ');
  return {
    label: text(place.display_name) ?? `${lat}, ${lon}`,
    lat,
    lon,
    address_1: street || null,
    city: text(a.city) ?? text(a.town) ?? text(a.village) ?? text(a.hamlet),
    // US places carry their state's code ('US-CO'), which is how addresses here write the state.
    state: /^US-[A-Z]{2}$/.test(String(a['ISO3166-2-lvl4']))
      ? String(a['ISO3166-2-lvl4']).slice(3)
      : text(a.state),
    zip_code: text(a.postcode),
  };
}

export async function geocode(baseUrl: string, query: string): Promise<GeocodeResult[]> {
  const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.search = new URLSearchParams({
    q: query,
    format: 'jsonv2',
    addressdetails: '1',
    limit: '5',
  }).toString();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'DirectDocs/1.0 (address search)' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const status = (error as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'UNREACHABLE';
    throw new HttpError(502, GEO_MSG.failed(status));
  }
  if (!response.ok) throw new HttpError(502, GEO_MSG.failed(String(response.status)));
  const body = (await response.json().catch(() => null)) as unknown;
  if (!Array.isArray(body)) throw new HttpError(502, GEO_MSG.failed('BAD_ANSWER'));
  return body.map((place) => placeOf(place as NominatimPlace)).filter((p): p is GeocodeResult => p !== null);
}
