import {
  BillingPayBodySchema,
  CardPaymentSchema,
  CrashpadCreateSchema,
  CrashpadSchema,
  CrashpadUpdateSchema,
  IdSchema,
  PAYMENT_MSG,
  SubscribeBodySchema,
  SubscribeResponseSchema,
} from '@dd/shared';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { EmptyBodySchema } from '../../lib/empty-body';
import { badRequest } from '../../lib/errors';
import { applyPaymentEvent, listCardPayments, payBillingByCard } from './card-payments.service';
import {
  crashpadById,
  createCrashpad,
  deleteCrashpad,
  myCrashpads,
  subscribe,
  updateCrashpad,
} from './listings.service';
import { paymentProvider, requireProvider } from './stripe-client';

/**
 * Card payments (decision 033): the spec's subscription call and host listings, a firm paying a
 * billing by card, and the provider's webhook. Without payment keys the payment calls answer 404
 * 'Card payments are not configured.'; listings still work as drafts.
 */
const IdParams = z.object({ id: IdSchema });
const Success = z.object({ success: z.literal(true) });

export const paymentsRoutes: Module = async (app, { db, config }) => {
  const provider = paymentProvider(config);

  app.post(
    '/stripe/',
    {
      config: { access: 'authenticated' },
      schema: { body: SubscribeBodySchema, response: { 200: SubscribeResponseSchema } },
    },
    async (request) => subscribe(db, provider, requireAuth(request), request.body),
  );

  app.post(
    '/api/home/billing/:id/pay/',
    {
      config: { access: 'companyStaff' },
      schema: { params: IdParams, body: BillingPayBodySchema, response: { 202: CardPaymentSchema } },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await payBillingByCard(db, provider, requireAuth(request), request.params.id, request.body.token),
        ),
  );

  app.get(
    '/api/home/billing/:id/payments/',
    {
      config: { access: 'companyStaff' },
      schema: { params: IdParams, response: { 200: z.array(CardPaymentSchema) } },
    },
    async (request) => listCardPayments(db, requireAuth(request), request.params.id),
  );

  // The provider signs the exact bytes it sends: this route reads its body raw, in its own scope.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/stripe/webhook/',
      {
        config: { access: 'public' },
        schema: { response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) } },
      },
      async (request) => {
        const { stripe, webhookSecret } = requireProvider(provider);
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(
            request.body as Buffer,
            String(signature ?? ''),
            webhookSecret,
          );
        } catch {
          throw badRequest(PAYMENT_MSG.badSignature);
        }
        const { duplicate } = await applyPaymentEvent(db, event);
        return { received: true as const, duplicate };
      },
    );
  });

  app.get(
    '/api/home/crashpad/',
    { config: { access: 'authenticated' }, schema: { response: { 200: z.array(CrashpadSchema) } } },
    async (request) => myCrashpads(db, requireAuth(request)),
  );

  app.get(
    '/api/home/crashpad/:id/',
    { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: CrashpadSchema } } },
    async (request) => crashpadById(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/home/crashpad/',
    {
      config: { access: 'authenticated' },
      schema: { body: CrashpadCreateSchema, response: { 201: CrashpadSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createCrashpad(db, requireAuth(request), request.body)),
  );

  app.post(
    '/api/home/crashpad/:id/',
    {
      config: { access: 'authenticated' },
      schema: { params: IdParams, body: CrashpadUpdateSchema, response: { 200: CrashpadSchema } },
    },
    async (request) => updateCrashpad(db, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/home/crashpad/:id/delete/',
    {
      config: { access: 'authenticated' },
      schema: { params: IdParams, body: EmptyBodySchema, response: { 200: Success } },
    },
    async (request) => {
      await deleteCrashpad(db, requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );
};
