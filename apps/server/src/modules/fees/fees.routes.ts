import { checkFee, FeeCheckBodySchema, FeeCheckSchema, feeCheckAnswer, toCents } from '@dd/shared';
import type { Module } from '../../app-types';

/**
 * POST /api/fees/check/: a provider's charge against the legal cap for the case (internal staff). The
 * rules in force today apply; the rules themselves live in @dd/shared (fees/rules.ts, docs/fees.md).
 */
export const feesRoutes: Module = (app) => {
  app.post(
    '/api/fees/check/',
    {
      config: { access: 'internalStaff' },
      schema: { body: FeeCheckBodySchema, response: { 200: FeeCheckSchema } },
    },
    async (request) => {
      const body = request.body;
      const check = checkFee(
        {
          state: body.state,
          providerKind: body.provider_type,
          legalBasis: body.legal_basis,
          pages: body.pages,
          medium: body.medium,
          on: new Date().toISOString().slice(0, 10),
        },
        toCents(body.charged),
      );
      return feeCheckAnswer(check);
    },
  );
};
