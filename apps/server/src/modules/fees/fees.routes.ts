import {
  checkFee,
  FeeApprovalListSchema,
  FeeApprovalResultSchema,
  FeeCheckBodySchema,
  FeeCheckSchema,
  FeeDeclineBodySchema,
  feeCheckAnswer,
  IdSchema,
  PrepaymentBodySchema,
  PrepaymentResultSchema,
  toCents,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { answerFeeApproval, listFeeApprovals } from './fees.approval';
import { recordPrepayment } from './fees.prepayment';

const RequestParams = z.object({ id: IdSchema });
const ApprovalParams = z.object({ id: IdSchema, approval: IdSchema });

/**
 * POST /api/fees/check/: a provider's charge against the legal cap for the case (internal staff). The
 * rules in force today apply; the rules themselves live in @dd/shared (fees/rules.ts, docs/fees.md).
 */
export const feesRoutes: Module = (app, { db, mail }) => {
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
          clericalMinutes: body.clerical_minutes,
          postage: body.postage === undefined ? undefined : toCents(body.postage),
          on: new Date().toISOString().slice(0, 10),
        },
        toCents(body.charged),
      );
      return feeCheckAnswer(check);
    },
  );

  // The firm approves what it pays (fees.approval.ts): the list for whoever sees the request, the answers
  // for the firm's own users.
  app.get(
    '/api/home/request/:id/fee_approvals/',
    {
      config: { access: 'authenticated' },
      schema: { params: RequestParams, response: { 200: FeeApprovalListSchema } },
    },
    async (request) => ({
      results: await listFeeApprovals(db, requireAuth(request), request.params.id),
    }),
  );

  app.post(
    '/api/home/request/:id/fee_approvals/:approval/approve/',
    {
      config: { access: 'authenticated' },
      schema: { params: ApprovalParams, response: { 200: FeeApprovalResultSchema } },
    },
    async (request) =>
      answerFeeApproval({ db, mail }, requireAuth(request), request.params.id, request.params.approval, {
        approve: true,
      }),
  );

  app.post(
    '/api/home/request/:id/fee_approvals/:approval/decline/',
    {
      config: { access: 'authenticated' },
      schema: {
        params: ApprovalParams,
        body: FeeDeclineBodySchema,
        response: { 200: FeeApprovalResultSchema },
      },
    },
    async (request) =>
      answerFeeApproval({ db, mail }, requireAuth(request), request.params.id, request.params.approval, {
        approve: false,
        ...request.body,
      }),
  );

  // A provider's demand of payment before it releases the records, recorded by staff who record its costs
  // and asked of the firm like a charge (fees.prepayment.ts).
  app.post(
    '/api/home/request/:id/fee_approvals/prepayment/',
    {
      config: { access: 'internalStaff' },
      schema: {
        params: RequestParams,
        body: PrepaymentBodySchema,
        response: { 200: PrepaymentResultSchema },
      },
    },
    async (request) => recordPrepayment({ db, mail }, requireAuth(request), request.params.id, request.body),
  );
};
