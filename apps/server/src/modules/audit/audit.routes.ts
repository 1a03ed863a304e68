import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditPageSchema,
  auditQuerySchema,
  detailErrorSchema,
  fieldErrorsSchema,
} from '@qbank/contract';
import { requireStaff } from '../../lib/auth';
import { pageResponse } from '../../lib/pagination';
import * as service from './audit.service';

/** GET /api/staff/audit/: every staff action, newest first, filterable (staff only). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireStaff(request);
  });
  app.get(
    '/staff/audit/',
    {
      schema: {
        tags: ['staff'],
        summary:
          'The audit log of staff actions, newest first (filters: actor, action, target_type, target_id, since, until)',
        security: [{ token: [] }],
        querystring: auditQuerySchema,
        response: {
          200: auditPageSchema,
          400: fieldErrorsSchema,
          401: detailErrorSchema,
          403: detailErrorSchema,
          404: detailErrorSchema,
        },
      },
    },
    async (request) => pageResponse(request, request.query, service.list(app, request.query)),
  );
};
