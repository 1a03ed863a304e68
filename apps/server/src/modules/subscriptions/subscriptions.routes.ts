import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  archivedQuerySchema,
  buySubscriptionFormSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  planCreateSchema,
  planListSchema,
  planSchema,
  planUpdateSchema,
  purchaseApproveSchema,
  purchaseArchiveSchema,
  purchaseListSchema,
  purchaseRejectSchema,
  purchaseSchema,
  staffPurchasePageSchema,
  staffPurchaseQuerySchema,
  staffPurchaseSchema,
  subscriptionCheckSchema,
} from '@qbank/contract';
import { z } from 'zod';
import { requireStaff, requireUser } from '../../lib/auth';
import { readForm } from '../../lib/multipart';
import { pageResponse } from '../../lib/pagination';
import * as service from './subscriptions.service';

const security = [{ token: [] }];
const errors = { 400: fieldErrorsSchema, 401: detailErrorSchema };
const staffErrors = { ...errors, 403: detailErrorSchema };

/** Plans, purchases and the subscription check (PRODUCT.md §6), and their staff back office. */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation, so that callers without the right learn that first (401/403, not 400).
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  const staffOnly = async (request: FastifyRequest) => {
    requireStaff(request);
  };

  app.get(
    '/subs/',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Plans on offer (is_archived=false: only those one can buy)',
        security,
        querystring: archivedQuerySchema,
        response: { 200: planListSchema, ...errors },
      },
    },
    async (request) => service.listPlans(app, request.query.is_archived),
  );

  app.get(
    '/subs/:id/',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'One plan',
        security,
        params: idParamSchema,
        response: { 200: planSchema, ...errors, 404: detailErrorSchema },
      },
    },
    async (request) => service.getPlan(app, request.params.id),
  );

  app.get(
    '/mysubscriptions/',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "The caller's purchases, newest first",
        security,
        querystring: archivedQuerySchema,
        response: { 200: purchaseListSchema, ...errors },
      },
    },
    async (request) =>
      service.listMyPurchases(app, requireUser(request), request.query.is_archived),
  );

  app.get(
    '/mysubscriptions/:id/',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'One of the caller’s purchases',
        security,
        params: idParamSchema,
        response: { 200: purchaseSchema, ...errors, 404: detailErrorSchema },
      },
    },
    async (request) => service.getMyPurchase(app, requireUser(request), request.params.id),
  );

  app.delete(
    '/mysubscriptions/:id/',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Cancel one of the caller’s purchases while it is still pending (its receipt is deleted)',
        security,
        params: idParamSchema,
        response: { 204: z.null(), ...errors, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      await service.cancelMyPurchase(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/mysubscriptions/:id/',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Archive (hide) or unarchive one of the caller’s purchases',
        security,
        params: idParamSchema,
        body: purchaseArchiveSchema,
        response: { 200: purchaseSchema, ...errors, 404: detailErrorSchema },
      },
    },
    async (request) =>
      service.archiveMyPurchase(app, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/buysubscription/',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Buy a plan: multipart with plan, payment_reference and the receipt image; pending until staff decide',
        security,
        consumes: ['multipart/form-data'],
        // Documents the multipart fields; multipart bodies are read (and validated) by readForm.
        body: buySubscriptionFormSchema,
        response: {
          201: purchaseSchema,
          ...errors,
          413: detailErrorSchema,
          415: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const purchase = await service.buy(app, user, await readForm(request));
      return reply.code(201).send(purchase);
    },
  );

  app.get(
    '/check_sub/',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Whether the caller has an active subscription, until when, and what it opens',
        security,
        response: { 200: subscriptionCheckSchema, ...errors },
      },
    },
    async (request) => service.checkSubscription(app, requireUser(request)),
  );

  // ---------------------------------------------------------------- staff back office

  app.get(
    '/staff/purchases/',
    {
      preValidation: staffOnly,
      schema: {
        tags: ['staff'],
        summary: 'Every purchase (status=pending: the review queue, oldest first)',
        security,
        querystring: staffPurchaseQuerySchema,
        response: { 200: staffPurchasePageSchema, ...staffErrors, 404: detailErrorSchema },
      },
    },
    async (request) =>
      pageResponse(request, request.query, service.listPurchasesForStaff(app, request.query)),
  );

  app.post(
    '/staff/purchases/:id/approve/',
    {
      preValidation: staffOnly,
      schema: {
        tags: ['staff'],
        summary: 'Approve a pending purchase: it starts now and runs for the plan’s duration',
        security,
        params: idParamSchema,
        body: purchaseApproveSchema.nullish(),
        response: { 200: staffPurchaseSchema, ...staffErrors, 404: detailErrorSchema },
      },
    },
    async (request) => {
      return service.approvePurchase(
        app,
        requireStaff(request),
        request.params.id,
        request.body ?? {},
      );
    },
  );

  app.post(
    '/staff/purchases/:id/reject/',
    {
      preValidation: staffOnly,
      schema: {
        tags: ['staff'],
        summary: 'Reject a pending purchase, telling the learner why',
        security,
        params: idParamSchema,
        body: purchaseRejectSchema,
        response: { 200: staffPurchaseSchema, ...staffErrors, 404: detailErrorSchema },
      },
    },
    async (request) => {
      return service.rejectPurchase(app, requireStaff(request), request.params.id, request.body);
    },
  );

  app.get(
    '/staff/plans/',
    {
      preValidation: staffOnly,
      schema: {
        tags: ['staff'],
        summary: 'Every plan, archived ones included (is_archived filters)',
        security,
        querystring: archivedQuerySchema,
        response: { 200: planListSchema, ...staffErrors },
      },
    },
    async (request) => service.listPlans(app, request.query.is_archived),
  );

  app.get(
    '/staff/plans/:id/',
    {
      preValidation: staffOnly,
      schema: {
        tags: ['staff'],
        summary: 'One plan',
        security,
        params: idParamSchema,
        response: { 200: planSchema, ...staffErrors, 404: detailErrorSchema },
      },
    },
    async (request) => service.getPlan(app, request.params.id),
  );

  app.post(
    '/staff/plans/',
    {
      preValidation: staffOnly,
      schema: {
        tags: ['staff'],
        summary: 'Create a plan',
        security,
        body: planCreateSchema,
        response: { 201: planSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      return reply
        .code(201)
        .send(await service.createPlan(app, requireStaff(request), request.body));
    },
  );

  app.patch(
    '/staff/plans/:id/',
    {
      preValidation: staffOnly,
      schema: {
        tags: ['staff'],
        summary: 'Edit a plan (archive it with is_archived; modules replaces the list)',
        security,
        params: idParamSchema,
        body: planUpdateSchema,
        response: { 200: planSchema, ...staffErrors, 404: detailErrorSchema },
      },
    },
    async (request) => {
      return service.updatePlan(app, requireStaff(request), request.params.id, request.body);
    },
  );
};
