import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailErrorSchema,
  evaluationCreateSchema,
  evaluationListQuerySchema,
  evaluationSchema,
  fieldErrorsSchema,
  historyCreatedSchema,
  historyCreateSchema,
  historyEntrySchema,
  historyListQuerySchema,
  idParamSchema,
  paginated,
} from '@qbank/contract';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import { pageResponse } from '../../lib/pagination';
import * as evaluations from './evaluations.service';
import * as history from './history.service';
import { cancelFits } from '../cards/optimiser';

const errors = { 400: fieldErrorsSchema, 401: detailErrorSchema, 404: detailErrorSchema };
const security = [{ token: [] }];
const noContent = { 204: z.null().describe('Deleted') };

/** The answer history (`/api/question_answer_history/`) and the FSRS ratings of questions. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication before validation, as in DRF: an anonymous call is a 401, never a 400.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  // Pending background fits die with the app (decision 038).
  app.addHook('onClose', async () => cancelFits());

  app.get(
    '/question_answer_history/',
    {
      schema: {
        tags: ['history'],
        summary: "The caller's answers, newest first",
        security,
        querystring: historyListQuerySchema,
        response: { 200: paginated(historyEntrySchema), ...errors },
      },
    },
    async (request) =>
      pageResponse(
        request,
        request.query,
        history.listHistory(app, requireUser(request), request.query),
      ),
  );

  app.post(
    '/question_answer_history/',
    {
      // Records an answer only: the caller's progress, not their account or access (decision 042).
      config: { invalidates: 'progress' },
      schema: {
        tags: ['history'],
        summary: 'Scores an answer (study or exam) and logs it; answers the correction',
        security,
        body: historyCreateSchema,
        response: { 201: historyCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await history.recordAnswer(app, requireUser(request), request.body);
      return reply.code(201).send(entry);
    },
  );

  app.delete(
    '/question_answer_history/:id/',
    {
      schema: {
        tags: ['history'],
        summary: 'Deletes one of the caller’s history entries',
        security,
        params: idParamSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await history.deleteHistory(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/question-evaluations/',
    {
      schema: {
        tags: ['evaluations'],
        summary: "The caller's ratings; `due=true` is the review queue, soonest first",
        security,
        querystring: evaluationListQuerySchema,
        response: { 200: paginated(evaluationSchema), ...errors },
      },
    },
    async (request) =>
      pageResponse(
        request,
        request.query,
        evaluations.listEvaluations(app, requireUser(request), request.query),
      ),
  );

  app.post(
    '/question-evaluations/',
    {
      schema: {
        tags: ['evaluations'],
        summary: 'Rates a question (again, hard, good, easy) and reschedules its review (FSRS)',
        description: 'One evaluation per user and question: 201 when created, 200 when updated.',
        security,
        body: evaluationCreateSchema,
        response: { 200: evaluationSchema, 201: evaluationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, evaluation } = await evaluations.rateQuestion(
        app,
        requireUser(request),
        request.body.question,
        request.body.rating,
      );
      return reply.code(created ? 201 : 200).send(evaluation);
    },
  );

  app.delete(
    '/question-evaluations/:id/',
    {
      schema: {
        tags: ['evaluations'],
        summary: 'Deletes one of the caller’s evaluations',
        security,
        params: idParamSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await evaluations.deleteEvaluation(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
