import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  eligibleInputSchema,
  eligibleSchema,
  mockExamInputSchema,
  mockExamReportSchema,
  mockExamSchema,
  staffMockExamSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  paperAnswerInputSchema,
  paperAnswerSavedSchema,
  paperAttemptSchema,
  paperResultSchema,
  pastPaperSchema,
} from '@qbank/contract';
import { z } from 'zod';
import { requireStaff, requireUser } from '../../lib/auth';
import * as mocks from './mock-exams.service';
import * as service from './papers.service';
import { startDeadlineSweep } from './deadline-sweep';

const errors = {
  400: fieldErrorsSchema,
  401: detailErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
  409: detailErrorSchema,
};
const security = [{ token: [] }];
const tags = ['past papers'];

/** Past papers, replayed (issue 35): sitting a source as it was sat, and the ranking. */
export const papersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  startDeadlineSweep(app);

  app.get(
    '/past_papers/',
    {
      schema: {
        tags,
        summary: 'Past papers (sources with a time limit), with the caller’s attempts',
        security,
        response: { 200: z.array(pastPaperSchema), ...errors },
      },
    },
    async (request) => service.listPapers(app, requireUser(request)),
  );

  app.post(
    '/past_papers/:id/attempts/',
    {
      schema: {
        tags,
        summary: 'Starts a sitting of a past paper (201), or resumes the one under way (200)',
        description:
          'The first attempt at a paper is ranked; later ones are practice. The paper comes ' +
          'in its original order with its time limit, counted by the server from the start.',
        security,
        params: idParamSchema,
        response: { 200: paperAttemptSchema, 201: paperAttemptSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, attempt } = await service.startAttempt(
        app,
        requireUser(request),
        request.params.id,
      );
      return reply.code(created ? 201 : 200).send(attempt);
    },
  );

  app.get(
    '/paper_attempts/:id/',
    {
      schema: {
        tags,
        summary: 'One of the caller’s sittings, with the time left (submitted once overdue)',
        security,
        params: idParamSchema,
        response: { 200: paperAttemptSchema, ...errors },
      },
    },
    async (request) => service.getAttempt(app, requireUser(request), request.params.id),
  );

  app.put(
    '/paper_attempts/:id/answers/',
    {
      config: { invalidates: 'progress' },
      schema: {
        tags,
        summary: 'Saves (or replaces) the answer to one question of an open sitting',
        description: 'After the deadline by the server’s clock, the answer is refused (409).',
        security,
        params: idParamSchema,
        body: paperAnswerInputSchema,
        response: { 200: paperAnswerSavedSchema, ...errors },
      },
    },
    async (request) =>
      service.saveAnswer(app, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/paper_attempts/:id/submit/',
    {
      config: { invalidates: 'progress' },
      schema: {
        tags,
        summary: 'Submits a sitting (again: nothing changes) and answers it as submitted',
        security,
        params: idParamSchema,
        response: { 200: paperAttemptSchema, ...errors },
      },
    },
    async (request) => service.submitAttempt(app, requireUser(request), request.params.id),
  );

  app.get(
    '/paper_attempts/:id/result/',
    {
      schema: {
        tags,
        summary: 'A submitted sitting beside every taker’s first attempt at the same paper',
        security,
        params: idParamSchema,
        response: { 200: paperResultSchema, ...errors },
      },
    },
    async (request) => service.result(app, requireUser(request), request.params.id),
  );

  // ---- Mock exams scheduled by staff (issue 35)
  const mockTags = ['mock exams'];

  app.get(
    '/mock_exams/',
    {
      schema: {
        tags: mockTags,
        summary: 'The mock exams open to the caller: upcoming, open and past',
        security,
        response: { 200: z.array(mockExamSchema), ...errors },
      },
    },
    async (request) => mocks.learnerList(app, requireUser(request)),
  );

  app.post(
    '/mock_exams/:id/attempts/',
    {
      schema: {
        tags: mockTags,
        summary: "Starts the caller's one sitting inside the window (201), or resumes it (200)",
        description:
          'Answers, submission and the result go through /paper_attempts/{id}/; the result ' +
          'is shown from the exam’s publication time.',
        security,
        params: idParamSchema,
        response: { 200: paperAttemptSchema, 201: paperAttemptSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, attempt } = await mocks.startMock(
        app,
        requireUser(request),
        request.params.id,
      );
      return reply.code(created ? 201 : 200).send(attempt);
    },
  );

  app.get(
    '/staff/mock_exams/',
    {
      schema: {
        tags: mockTags,
        summary: 'Staff: every mock exam with its participation',
        security,
        response: { 200: z.array(staffMockExamSchema), ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return mocks.staffList(app);
    },
  );

  app.post(
    '/staff/mock_exams/',
    {
      schema: {
        tags: mockTags,
        summary: 'Staff: schedules a mock exam (questions by hand, or drawn from a blueprint)',
        security,
        body: mockExamInputSchema,
        response: { 201: staffMockExamSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      return reply.code(201).send(await mocks.createMockExam(app, staff, request.body));
    },
  );

  app.post(
    '/staff/mock_exams/eligible/',
    {
      schema: {
        tags: mockTags,
        summary: 'Staff: the live count of eligible questions per blueprint row',
        security,
        body: eligibleInputSchema,
        response: { 200: eligibleSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return mocks.eligible(app, request.body.blueprint);
    },
  );

  app.get(
    '/staff/mock_exams/:id/report/',
    {
      schema: {
        tags: mockTags,
        summary: 'Staff: participation, distribution and item analysis of a mock exam',
        security,
        params: idParamSchema,
        response: { 200: mockExamReportSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return mocks.report(app, request.params.id);
    },
  );

  app.get(
    '/staff/mock_exams/:id/results.csv',
    {
      schema: {
        tags: mockTags,
        summary: 'Staff: the results as CSV, one line per taker, best first',
        security,
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      requireStaff(request);
      const csv = await mocks.resultsCsv(app, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="mock-exam-${request.params.id}.csv"`)
        .serializer((payload: unknown) => payload as string)
        .send(csv);
    },
  );
};
