import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clearCourseProgressSchema,
  clearedSchema,
  clearModuleProgressSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  paginated,
  sessionCreateSchema,
  sessionListQuerySchema,
  sessionQuestionCreateSchema,
  sessionQuestionListQuerySchema,
  sessionQuestionSchema,
  sessionResumeSchema,
  sessionSchema,
  startNewSessionSchema,
} from '@qbank/contract';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import { pageResponse } from '../../lib/pagination';
import * as answers from './session-questions.service';
import * as service from './sessions.service';

const errors = { 400: fieldErrorsSchema, 401: detailErrorSchema, 404: detailErrorSchema };
const security = [{ token: [] }];
const tags = ['sessions'];
const noContent = { 204: z.null().describe('Deleted') };

/** Study sessions, their answers (`session_questions`), progress clearing and resume. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication before validation, as in DRF: an anonymous call is a 401, never a 400.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/sessions/',
    {
      schema: {
        tags,
        summary: "The caller's sessions, most recently used first",
        security,
        querystring: sessionListQuerySchema,
        response: { 200: paginated(sessionSchema), ...errors },
      },
    },
    async (request) =>
      pageResponse(
        request,
        request.query,
        service.listSessions(app, requireUser(request), request.query),
      ),
  );

  app.post(
    '/sessions/',
    {
      schema: {
        tags,
        summary: 'Opens a course session (`course_id`) or a custom set (`name`, `question_ids`)',
        description:
          'For a course, the current unfinished session is answered (200) when there is one; ' +
          'otherwise a new session is created (201).',
        security,
        body: sessionCreateSchema,
        response: { 200: sessionSchema, 201: sessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, session } = await service.createSession(
        app,
        requireUser(request),
        request.body,
      );
      return reply.code(created ? 201 : 200).send(session);
    },
  );

  app.post(
    '/sessions/start-new-session/',
    {
      schema: {
        tags,
        summary:
          'Restarts a session (`session_id`) or starts a fresh pass through a course (`course_id`)',
        security,
        body: startNewSessionSchema,
        response: { 200: sessionSchema, 201: sessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, session } = await service.startNewSession(
        app,
        requireUser(request),
        request.body,
      );
      return reply.code(created ? 201 : 200).send(session);
    },
  );

  app.post(
    '/sessions/clear-course-progress/',
    {
      schema: {
        tags,
        summary: "Clears the caller's session answers to a course's questions",
        security,
        body: clearCourseProgressSchema,
        response: { 200: clearedSchema, ...errors },
      },
    },
    async (request) =>
      service.clearCourseProgress(app, requireUser(request), request.body.course_id),
  );

  app.post(
    '/sessions/clear-module-progress/',
    {
      schema: {
        tags,
        summary: "Clears the caller's session answers to the questions of every course of a module",
        security,
        body: clearModuleProgressSchema,
        response: { 200: clearedSchema, ...errors },
      },
    },
    async (request) =>
      service.clearModuleProgress(app, requireUser(request), request.body.module_id),
  );

  app.get(
    '/sessions/:id/',
    {
      schema: {
        tags,
        summary: 'One of the caller’s sessions',
        security,
        params: idParamSchema,
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request) => service.getSession(app, requireUser(request), request.params.id),
  );

  app.delete(
    '/sessions/:id/',
    {
      schema: {
        tags,
        summary: 'Deletes a session and its answers',
        security,
        params: idParamSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteSession(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/sessions/:id/clear-questions/',
    {
      schema: {
        tags,
        summary: 'Removes the answers of a session (the session stays)',
        security,
        params: idParamSchema,
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request) => service.clearSession(app, requireUser(request), request.params.id),
  );

  app.get(
    '/sessions-resume/',
    {
      schema: {
        tags,
        summary: "The caller's unfinished sessions with at least one answer, and where to resume",
        description:
          'first_unanswered: page (pages of 10, 1-based) and index (0-based) in questions.order, id.',
        security,
        response: { 200: z.array(sessionResumeSchema), ...errors },
      },
    },
    async (request) => service.resumeSessions(app, requireUser(request)),
  );

  app.get(
    '/session_questions/',
    {
      schema: {
        tags,
        summary: "The caller's answers in sessions (`session=` for one session), with corrections",
        security,
        querystring: sessionQuestionListQuerySchema,
        response: { 200: paginated(sessionQuestionSchema), ...errors },
      },
    },
    async (request) =>
      pageResponse(
        request,
        request.query,
        answers.listAnswers(app, requireUser(request), request.query),
      ),
  );

  app.post(
    '/session_questions/',
    {
      // Records an answer only: the caller's progress, not their account or access (decision 042).
      config: { invalidates: 'progress' },
      schema: {
        tags,
        summary: 'Answers a question in a session; answers the correction',
        description:
          'A new answer to the same question replaces the previous one. Also logged in the history.',
        security,
        body: sessionQuestionCreateSchema,
        response: { 201: sessionQuestionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await answers.answer(app, requireUser(request), request.body);
      return reply.code(201).send(answer);
    },
  );

  app.delete(
    '/session_questions/:id/',
    {
      schema: {
        tags,
        summary: 'Deletes one answer of a session',
        security,
        params: idParamSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await answers.deleteAnswer(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
