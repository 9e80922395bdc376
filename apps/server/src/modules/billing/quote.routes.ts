import { OrderQuoteSchema, QuoteQuerySchema } from '@dd/shared';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { orderQuote } from './quote.service';

/** GET /api/home/quote/: what an order will be billed, for the order screen (any user of the firm). */
export const quoteRoutes: Module = (app, { db }) => {
  app.get(
    '/api/home/quote/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: QuoteQuerySchema.strict(), response: { 200: OrderQuoteSchema } },
    },
    async (request) => orderQuote(db, requireAuth(request), request.query),
  );
};
