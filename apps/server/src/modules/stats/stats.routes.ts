import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  questionDifficultySchema,
  questionStatsListQuerySchema,
  questionStatsSchema,
  othersStatsQuerySchema,
  othersStatsSchema,
  relevanceQuerySchema,
  relevanceSchema,
  whatNextQuerySchema,
  whatNextSchema,
} from '@qbank/contract';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import { dashboard } from './dashboard.service';
import { examRelevance, whatNext } from './relevance.service';
import * as service from './stats.service';

const errors = {
  400: fieldErrorsSchema,
  401: detailErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
};
const common = { tags: ['statistics'], security: [{ token: [] }] };

/** Peer statistics, the learner dashboard, exam relevance and "what next" (decision 039). */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config };
  // Authentication before validation, as in DRF: an anonymous call is a 401, never a 400.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/questns/:id/stats/',
    {
      schema: {
        ...common,
        summary: 'What other learners did with a question (choice shares once answered)',
        params: idParamSchema,
        response: { 200: questionStatsSchema, ...errors },
      },
    },
    async (request) => service.questionStats(deps, requireUser(request), request.params.id),
  );

  app.get(
    '/question_stats/',
    {
      schema: {
        ...common,
        summary: 'Peer answer counts and difficulty of up to 100 questions',
        querystring: questionStatsListQuerySchema,
        response: { 200: z.array(questionDifficultySchema), ...errors },
      },
    },
    async (request) => service.questionDifficulties(deps, request.query.ids),
  );

  app.get(
    '/question_stats/others/',
    {
      schema: {
        ...common,
        summary: 'What other learners (never the caller) did with questions the caller answered',
        querystring: othersStatsQuerySchema,
        response: { 200: z.array(othersStatsSchema), ...errors },
      },
    },
    async (request) => service.othersStats(deps, requireUser(request), request.query.ids),
  );

  app.get(
    '/dashboard/',
    {
      schema: {
        ...common,
        summary: "The caller's counted answers by module, course, source and day; percentile",
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request) => dashboard(app, requireUser(request)),
  );

  app.get(
    '/dashboard/what-next/',
    {
      schema: {
        ...common,
        summary: "The caller's courses ranked by weakness × share unanswered × exam relevance",
        querystring: whatNextQuerySchema,
        response: { 200: whatNextSchema, ...errors },
      },
    },
    async (request) => ({
      results: await whatNext(app, requireUser(request), request.query),
    }),
  );

  app.get(
    '/exam-relevance/',
    {
      schema: {
        ...common,
        summary: 'How often each course of a module appears in past exams, by year',
        querystring: relevanceQuerySchema,
        response: { 200: relevanceSchema, ...errors },
      },
    },
    async (request) => examRelevance(app, request.query.module),
  );
};
