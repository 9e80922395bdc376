import {
  AuthorizationExpirySchema,
  DeclineBodySchema,
  IdSchema,
  RevokeSigningBodySchema,
  RevokeSigningResultSchema,
  SendSigningBodySchema,
  SignBodySchema,
  SigningDocumentSchema,
  SigningDoneSchema,
  SigningIdentitySchema,
  SigningLinkStateSchema,
  SigningRequestSchema,
  SigningSentSchema,
} from '@dd/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { clientIp } from '../../lib/client-ip';
import { decline, openLink, showDocument, sign } from './signing.public';
import { revokeSigning } from './signing.revoke';
import { listSigning, renewSigning, resendSigning, sendSigning } from './signing.service';
import { requestAuthorizationExpiry } from './signing.staff';

/**
 * Online signing of a client's HIPAA authorization (docs/decisions/061): the firm sends, lists and resends
 * links on the client, and records a revocation; the client opens the link without an account, confirms the date of birth, and signs
 * or declines.
 */
const ClientParams = z.object({ id: IdSchema });
const SigningParams = z.object({ id: IdSchema, signing_id: IdSchema });
const TokenParams = z.object({ token: z.string().min(20).max(100) });
const NoQuery = z.object({}).strict();

const fromOf = (request: FastifyRequest) => ({
  ip: clientIp(request),
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});

export const signingRoutes: Module = (app, { db, mail, storage }) => {
  app.post(
    '/api/home/patient/:id/signing/',
    {
      config: { access: 'authenticated' },
      schema: {
        params: ClientParams,
        querystring: NoQuery,
        body: SendSigningBodySchema,
        response: { 200: SigningSentSchema },
      },
    },
    async (request) =>
      sendSigning({ db, mail }, requireAuth(request), request.params.id, request.body, fromOf(request)),
  );

  app.get(
    '/api/home/patient/:id/signing/',
    {
      config: { access: 'authenticated' },
      schema: {
        params: ClientParams,
        querystring: NoQuery,
        response: { 200: z.array(SigningRequestSchema) },
      },
    },
    async (request) => listSigning(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/home/patient/:id/signing/:signing_id/resend/',
    {
      config: { access: 'authenticated' },
      schema: { params: SigningParams, querystring: NoQuery, response: { 200: SigningSentSchema } },
    },
    async (request) =>
      resendSigning(
        { db, mail },
        requireAuth(request),
        request.params.id,
        request.params.signing_id,
        fromOf(request),
      ),
  );

  app.post(
    '/api/home/patient/:id/signing/:signing_id/revoke/',
    {
      config: { access: 'authenticated' },
      schema: {
        params: SigningParams,
        querystring: NoQuery,
        body: RevokeSigningBodySchema,
        response: { 200: RevokeSigningResultSchema },
      },
    },
    async (request) =>
      revokeSigning(
        { db, mail },
        requireAuth(request),
        request.params.id,
        request.params.signing_id,
        request.body,
        fromOf(request),
      ),
  );

  app.post(
    '/api/home/patient/:id/signing/:signing_id/renew/',
    {
      config: { access: 'authenticated' },
      schema: { params: SigningParams, querystring: NoQuery, response: { 200: SigningSentSchema } },
    },
    async (request) =>
      renewSigning(
        { db, mail },
        requireAuth(request),
        request.params.id,
        request.params.signing_id,
        fromOf(request),
      ),
  );

  app.get(
    '/api/home/request/:id/authorization_expiry/',
    {
      config: { access: 'internalStaff' },
      schema: { params: ClientParams, querystring: NoQuery, response: { 200: AuthorizationExpirySchema } },
    },
    async (request) => requestAuthorizationExpiry(db, requireAuth(request), request.params.id),
  );

  app.get(
    '/api/signing/:token/',
    {
      config: { access: 'public' },
      schema: { params: TokenParams, querystring: NoQuery, response: { 200: SigningLinkStateSchema } },
    },
    async (request) => openLink(db, request.params.token, fromOf(request)),
  );

  app.post(
    '/api/signing/:token/identity/',
    {
      config: { access: 'public' },
      schema: {
        params: TokenParams,
        querystring: NoQuery,
        body: SigningIdentitySchema,
        response: { 200: SigningDocumentSchema },
      },
    },
    async (request) => showDocument(db, request.params.token, request.body.date_of_birth, fromOf(request)),
  );

  app.post(
    '/api/signing/:token/sign/',
    {
      config: { access: 'public' },
      bodyLimit: 400_000,
      schema: {
        params: TokenParams,
        querystring: NoQuery,
        body: SignBodySchema,
        response: { 200: SigningDoneSchema },
      },
    },
    async (request) => sign({ db, storage }, request.params.token, request.body, fromOf(request)),
  );

  app.post(
    '/api/signing/:token/decline/',
    {
      config: { access: 'public' },
      schema: {
        params: TokenParams,
        querystring: NoQuery,
        body: DeclineBodySchema,
        response: { 200: SigningDoneSchema },
      },
    },
    async (request) => decline(db, request.params.token, request.body, fromOf(request)),
  );
};
