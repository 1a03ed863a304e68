import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aboutSchema } from '@qbank/contract';
import { DEMO_DATASETS } from './demo-bank';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/about/',
    {
      schema: {
        tags: ['about'],
        summary:
          'The public data sets the demo bank comes from, with their licence and attribution',
        response: { 200: aboutSchema },
      },
    },
    async () => ({ datasets: DEMO_DATASETS }),
  );
};
