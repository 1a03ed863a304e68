import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailErrorSchema, healthSchema } from '@qbank/contract';
import { detailError } from '../../lib/errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Answers 200 when the database answers',
        response: { 200: healthSchema, 503: detailErrorSchema },
      },
    },
    async () => {
      try {
        await app.database.ping();
      } catch {
        throw detailError(503, 'Database unavailable.');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
