import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  staffSetupQuerySchema,
  staffSetupRequestSchema,
  staffSetupStateSchema,
} from '@qbank/contract';
import { z } from 'zod';
import * as service from './staff-setup.service';

const tags = ['staff'];

/** The one-time link that makes the first staff account (no authentication: the token is it). */
export const staffSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff-setup/',
    {
      schema: {
        tags,
        summary: 'Whether the setup link still works (right token, no staff account yet)',
        querystring: staffSetupQuerySchema,
        response: { 200: staffSetupStateSchema },
      },
    },
    async (request) => service.setupState(app, request.query.token),
  );

  app.post(
    '/staff-setup/',
    {
      schema: {
        tags,
        summary: 'Create the first staff account with the link printed by the app at start',
        body: staffSetupRequestSchema,
        response: {
          201: z.object({ email: z.string() }),
          400: fieldErrorsSchema,
          404: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await service.setUpFirstStaff(app, request.body);
      return reply.code(201).send({ email: request.body.email });
    },
  );
};
