import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockCountsQuerySchema,
  blockCountsSchema,
  detailErrorSchema,
  examQuerySchema,
  examSchema,
  fieldErrorsSchema,
  firstUnansweredQuerySchema,
  firstUnansweredSchema,
  personalQuestionsQuerySchema,
  paginated,
  playlistQuestionsQuerySchema,
  queryId,
  questionFilterSchema,
  questionListQuerySchema,
  questionSchema,
  questionTypesCountSchema,
} from '@qbank/contract';
import { requireUser } from '../../lib/auth';
import { paginatedJson, paginatedResponse } from '../../lib/pagination';
import * as service from './questions.service';
import { blockCounts } from './block-counts.service';

const errors = {
  400: fieldErrorsSchema,
  401: detailErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
};
const questionPage = paginated(questionSchema);
const common = { tags: ['questions'], security: [{ token: [] }] };

/** The question read path (PRODUCT.md §3, §6): lists, one question, exams, counts. */
export const questionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/questns/',
    {
      schema: {
        ...common,
        summary: 'Questions, filtered and paginated, with the caller’s marks and answers',
        querystring: questionListQuerySchema,
        response: { 200: questionPage, ...errors },
      },
    },
    async (request, reply) => {
      const page = await service.listQuestions(app, requireUser(request), request.query);
      if ('json' in page) {
        const body = paginatedJson(request, request.query, page.count, page.json);
        // Bytes with a JSON content type leave Fastify as they are: no second serialization.
        return reply.type('application/json; charset=utf-8').send(body as never);
      }
      return paginatedResponse(request, request.query, page.count, page.results);
    },
  );

  app.get(
    '/questns/first-unanswered/',
    {
      schema: {
        ...common,
        summary: 'Page and index of the first unanswered question of a course in the session',
        querystring: firstUnansweredQuerySchema,
        response: { 200: firstUnansweredSchema, ...errors },
      },
    },
    async (request) => service.firstUnanswered(app, requireUser(request), request.query),
  );

  app.get(
    '/questns/:id/',
    {
      schema: {
        ...common,
        summary: 'One question; 403 when it needs a subscription',
        params: z.object({ id: queryId }),
        querystring: z.object({ session: queryId.optional() }),
        response: { 200: questionSchema, ...errors },
      },
    },
    async (request) =>
      service.getQuestion(app, requireUser(request), request.params.id, request.query.session),
  );

  app.get(
    '/questions_exam/counts/',
    {
      schema: {
        ...common,
        summary: 'How many questions a block leaves, and each choice of the builder would leave',
        querystring: blockCountsQuerySchema,
        response: { 200: blockCountsSchema, ...errors },
      },
    },
    async (request) => blockCounts(app, requireUser(request), request.query),
  );

  app.get(
    '/questions_exam/',
    {
      schema: {
        ...common,
        summary: 'A random exam from filters (clinical cases kept together)',
        querystring: examQuerySchema,
        response: { 200: examSchema, ...errors },
      },
    },
    async (request) => service.buildExam(app, requireUser(request), request.query),
  );

  app.get(
    '/questnstypes/',
    {
      schema: {
        ...common,
        summary: 'Number of questions of each type for the question list’s filters',
        querystring: questionFilterSchema,
        response: { 200: questionTypesCountSchema, ...errors },
      },
    },
    async (request) => service.questionTypes(app, requireUser(request), request.query),
  );

  const personalLists = [
    [
      '/favorites_questions_list/',
      'The caller’s favourite questions, newest first',
      service.favoriteQuestions,
    ],
    [
      '/hides_questions_list/',
      'The caller’s hidden questions, newest first',
      service.hiddenQuestions,
    ],
    [
      '/noted_questions/',
      'Questions the caller has notes on, latest note first',
      service.notedQuestions,
    ],
  ] as const;
  for (const [url, summary, list] of personalLists) {
    app.get(
      url,
      {
        schema: {
          ...common,
          summary,
          querystring: personalQuestionsQuerySchema,
          response: { 200: questionPage, ...errors },
        },
      },
      async (request) => {
        const { count, results } = await list(app, requireUser(request), request.query);
        return paginatedResponse(request, request.query, count, results);
      },
    );
  }

  app.get(
    '/playlist_questions/',
    {
      schema: {
        ...common,
        summary: 'Questions of one of the caller’s playlists, in playlist order',
        querystring: playlistQuestionsQuerySchema,
        response: { 200: questionPage, ...errors },
      },
    },
    async (request) => {
      const { count, results } = await service.playlistQuestions(
        app,
        requireUser(request),
        request.query,
      );
      return paginatedResponse(request, request.query, count, results);
    },
  );
};
