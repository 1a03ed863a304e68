import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentRemoveSchema,
  staffCommentPageSchema,
  staffCommentQuerySchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  staffUserDetailSchema,
  staffUserPageSchema,
  staffUserQuerySchema,
  staffUserUpdateSchema,
} from '@qbank/contract';
import { requireStaff } from '../../lib/auth';
import { pageResponse } from '../../lib/pagination';
import { comments, listForStaff, replies } from '../comments/comments.service';
import * as service from './staff.service';

const security = [{ token: [] }];
const tags = ['staff'];
const errors = {
  400: fieldErrorsSchema,
  401: detailErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
};

/** Back office: users (search, subscriptions, staff and active flags) and comment moderation. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireStaff(request);
  });

  app.get(
    '/staff/users/',
    {
      schema: {
        tags,
        summary: 'Users, newest first (search: e-mail or name; is_staff, is_active)',
        security,
        querystring: staffUserQuerySchema,
        response: { 200: staffUserPageSchema, ...errors },
      },
    },
    async (request) => pageResponse(request, request.query, service.listUsers(app, request.query)),
  );

  app.get(
    '/staff/users/:id/',
    {
      schema: {
        tags,
        summary: 'One user with their subscriptions',
        security,
        params: idParamSchema,
        response: { 200: staffUserDetailSchema, ...errors },
      },
    },
    async (request) => service.getUser(app, request.params.id),
  );

  app.patch(
    '/staff/users/:id/',
    {
      schema: {
        tags,
        summary: 'Grant or revoke staff (is_staff), deactivate or reactivate (is_active)',
        security,
        params: idParamSchema,
        body: staffUserUpdateSchema,
        response: { 200: staffUserDetailSchema, ...errors },
      },
    },
    async (request) =>
      service.updateUser(app, requireStaff(request), request.params.id, request.body),
  );

  app.get(
    '/staff/comments/',
    {
      schema: {
        tags,
        summary: 'Every comment, newest first (question; search: body or author e-mail)',
        security,
        querystring: staffCommentQuerySchema,
        response: { 200: staffCommentPageSchema, ...errors },
      },
    },
    async (request) => pageResponse(request, request.query, listForStaff(app, request.query)),
  );

  for (const [path, kind, noun] of [
    ['/staff/comments/:id/remove/', comments, 'comment'],
    ['/staff/replies/:id/remove/', replies, 'reply'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: `Removes any ${noun} with a reason shown to its author`,
          security,
          params: idParamSchema,
          body: commentRemoveSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await kind.removeAsStaff(
          app,
          requireStaff(request),
          request.params.id,
          request.body.reason,
        );
        return reply.code(204).send(null);
      },
    );
  }
};
