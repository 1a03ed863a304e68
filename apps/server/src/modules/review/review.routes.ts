import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardGradeSchema,
  cardParamsSchema,
  cardSuspendSchema,
  detailErrorSchema,
  dueCardSchema,
  dueQuerySchema,
  fieldErrorsSchema,
  forecastQuerySchema,
  forecastSchema,
  mistakeSchema,
  mistakesQuerySchema,
  paginated,
  reviewRunCreateSchema,
  reviewRunSchema,
  reviewSettingsSchema,
  reviewSettingsUpdateSchema,
} from '@qbank/contract';
import { requireUser } from '../../lib/auth';
import { paginatedResponse } from '../../lib/pagination';
import { getCard, suspendCard } from './cards.service';
import { startRun } from './review-run.service';
import * as review from './review.service';

const errors = { 400: fieldErrorsSchema, 401: detailErrorSchema };
const security = [{ token: [] }];

/** The review queue (FSRS-6) and the mistakes shelf (decision 038). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/review/settings/',
    {
      schema: {
        tags: ['review'],
        summary: "The caller's desired retention and mistakes streak",
        security,
        response: { 200: reviewSettingsSchema, ...errors },
      },
    },
    async (request) => review.getSettings(app, requireUser(request)),
  );

  app.patch(
    '/review/settings/',
    {
      schema: {
        tags: ['review'],
        summary:
          'Sets the desired retention (0.70–0.97) and the right answers that clear a mistake',
        security,
        body: reviewSettingsUpdateSchema,
        response: { 200: reviewSettingsSchema, ...errors },
      },
    },
    async (request) => review.updateSettings(app, requireUser(request), request.body),
  );

  app.get(
    '/review/due/',
    {
      schema: {
        tags: ['review'],
        summary: 'Cards due by the end of the caller’s day, soonest first',
        security,
        querystring: dueQuerySchema,
        response: { 200: paginated(dueCardSchema), ...errors, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const { total, results } = await review.listDue(app, requireUser(request), request.query);
      return paginatedResponse(request, request.query, total, results);
    },
  );

  app.get(
    '/review/forecast/',
    {
      schema: {
        tags: ['review'],
        summary: 'Reviews falling due on each of the next 30 days',
        security,
        querystring: forecastQuerySchema,
        response: { 200: forecastSchema, ...errors },
      },
    },
    async (request) => review.forecast(app, requireUser(request)),
  );

  app.post(
    '/review/runs/',
    {
      schema: {
        tags: ['review'],
        summary: 'Starts a run over the due cards or the mistakes shelf (study or exam)',
        security,
        body: reviewRunCreateSchema,
        response: { 200: reviewRunSchema, ...errors },
      },
    },
    async (request) => startRun(app, requireUser(request), request.body),
  );

  app.get(
    '/mistakes/',
    {
      schema: {
        tags: ['review'],
        summary: 'The mistakes shelf: leeches first, then the latest mistakes',
        security,
        querystring: mistakesQuerySchema,
        response: { 200: paginated(mistakeSchema), ...errors, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const { total, results } = await review.listMistakes(
        app,
        requireUser(request),
        request.query,
      );
      return paginatedResponse(request, request.query, total, results);
    },
  );

  app.get(
    '/review/cards/:question/',
    {
      schema: {
        tags: ['review'],
        summary:
          "The caller's card of a question: how it was graded and what each rating button would schedule",
        security,
        params: cardParamsSchema,
        response: { 200: cardGradeSchema, ...errors, 404: detailErrorSchema },
      },
    },
    async (request) => getCard(app, requireUser(request), request.params.question),
  );

  app.put(
    '/review/cards/:question/suspended/',
    {
      schema: {
        tags: ['review'],
        summary: "Suspends or restores the caller's card (a suspended card is never due)",
        security,
        params: cardParamsSchema,
        body: cardSuspendSchema,
        response: { 200: cardGradeSchema, ...errors, 404: detailErrorSchema },
      },
    },
    async (request) =>
      suspendCard(app, requireUser(request), request.params.question, request.body.suspended),
  );
};
