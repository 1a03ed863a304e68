import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  queryId,
  searchPageSchema,
  searchQuerySchema,
  similarQuestionsSchema,
} from '@qbank/contract';
import { requireUser } from '../../lib/auth';
import { paginatedResponse } from '../../lib/pagination';
import * as service from './search.service';

const errors = {
  400: fieldErrorsSchema,
  401: detailErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
};
const common = { tags: ['questions'], security: [{ token: [] }] };

/** Issue 33: search the bank a learner's plan opens, and similar questions after a miss. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search/',
    {
      schema: {
        ...common,
        summary:
          'Full-text search of the stem, choices and explanation (accents ignored), within the questions the caller may read in full, best matches first',
        querystring: searchQuerySchema,
        response: { 200: searchPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await service.search(app, requireUser(request), request.query);
      return paginatedResponse(request, request.query, page.count, page.results);
    },
  );

  app.get(
    '/questns/:id/similar/',
    {
      schema: {
        ...common,
        summary:
          'A few questions whose text is closest to this one (pg_trgm), among those the caller may read; 403 when the question needs a subscription',
        params: z.object({ id: queryId }),
        response: { 200: similarQuestionsSchema, ...errors },
      },
    },
    async (request) => service.similarQuestions(app, requireUser(request), request.params.id),
  );
};
