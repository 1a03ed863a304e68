import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  markedReadSchema,
  notificationPageSchema,
  notificationQuerySchema,
  notificationSchema,
  unreadCountSchema,
} from '@qbank/contract';
import { requireUser } from '../../lib/auth';
import { pageResponse } from '../../lib/pagination';
import * as service from './notifications.service';

const security = [{ token: [] }];
const tags = ['notifications'];
const errors = { 400: fieldErrorsSchema, 401: detailErrorSchema, 404: detailErrorSchema };

/** The caller's in-app notifications (the bell): newest first, unread count, mark read. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/notifications/',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first (is_read=false: unread only)",
        security,
        querystring: notificationQuerySchema,
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (request) =>
      pageResponse(request, request.query, service.list(app, requireUser(request), request.query)),
  );

  app.get(
    '/notifications/unread_count/',
    {
      schema: {
        tags,
        summary: 'How many of the caller’s notifications are unread',
        security,
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => service.unreadCount(app, requireUser(request)),
  );

  app.post(
    '/notifications/read_all/',
    {
      schema: {
        tags,
        summary: 'Marks every notification of the caller read',
        security,
        response: { 200: markedReadSchema, ...errors },
      },
    },
    async (request) => service.markAllRead(app, requireUser(request)),
  );

  app.post(
    '/notifications/:id/read/',
    {
      schema: {
        tags,
        summary: 'Marks one of the caller’s notifications read',
        security,
        params: idParamSchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => service.markOneRead(app, requireUser(request), request.params.id),
  );
};
