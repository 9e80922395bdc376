import { GEO_MSG, GeocodeQuerySchema, GeocodeResultSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { notFound } from '../../lib/errors';
import { geocode } from './geocoder.service';

/** GET /api/geocode/?q=: the address search of the map and geocoder field, for signed-in users. */
export const geocoderRoutes: Module = (app, { config }) => {
  app.get(
    '/api/geocode/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: GeocodeQuerySchema, response: { 200: z.array(GeocodeResultSchema) } },
    },
    async (request) => {
      if (!config.GEOCODER_URL) throw notFound(GEO_MSG.notConfigured);
      return geocode(config.GEOCODER_URL, request.query.q);
    },
  );
};
