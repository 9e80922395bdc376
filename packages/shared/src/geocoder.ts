import { z } from 'zod';

/**
 * The kit's map and geocoder field (staff spec section 8): an address typed in is looked up by a
 * Nominatim-compatible geocoder the server is configured with, and the chosen result places a pin and
 * fills the address fields.
 */
export const GEO_MSG = {
  noResults: 'No results found',
  failed: (status: string) => `Geocoder failed due to: ${status}`,
  notConfigured: 'Address search is not set up on this server.',
} as const;

export const GeocodeQuerySchema = z.object({ q: z.string().trim().min(3).max(300) }).strict();

export const GeocodeResultSchema = z.object({
  label: z.string(),
  lat: z.number(),
  lon: z.number(),
  address_1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
});
export type GeocodeResult = z.infer<typeof GeocodeResultSchema>;

/** A link that shows the pin on OpenStreetMap (opened by the user, never loaded by the page). */
export const mapLink = (r: Pick<GeocodeResult, 'lat' | 'lon'>) =>
  `https://www.openstreetmap.org/?mlat=${r.lat}&mlon=${r.lon}#map=17/${r.lat}/${r.lon}`;
