import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankPageSchema,
  bankQuerySchema,
  casePageSchema,
  caseListQuerySchema,
  itemAnalysisSchema,
  questionVersionSchema,
  staffCaseInputSchema,
  staffCaseSchema,
  staffQuestionInputSchema,
  staffQuestionSavedSchema,
  staffQuestionSchema,
  statusChangeSchema,
  queryId,
  duplicateCheckSchema,
  duplicateMatchSchema,
  duplicateSettingsSchema,
} from '@qbank/contract';
import { requireStaff } from '../../lib/auth';
import { common, errors, params } from './route-schema';
import { bankTable, itemAnalysis } from './analysis.service';
import * as cases from './cases.service';
import * as service from './question-admin.service';
import * as duplicates from './duplicates.service';

/** Staff: the question bank, editor, workflow, versions and item analysis. Issue 12. */
export const questionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/questions/',
    {
      schema: {
        ...common,
        summary: 'Staff: the bank table (search, filters, sort by statistics)',
        querystring: bankQuerySchema,
        response: { 200: bankPageSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return bankTable(app, request.query);
    },
  );

  app.post(
    '/staff/questions/',
    {
      schema: {
        ...common,
        summary: 'Staff: create a question (as a draft)',
        body: staffQuestionInputSchema,
        response: { 201: staffQuestionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireStaff(request);
      return reply.code(201).send(await service.createQuestion(app, user, request.body));
    },
  );

  app.get(
    '/staff/questions/:id/',
    {
      schema: {
        ...common,
        summary: 'Staff: one question, whatever its status, with its key',
        params,
        response: { 200: staffQuestionSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return service.questionDetail(app, request.params.id);
    },
  );

  app.put(
    '/staff/questions/:id/',
    {
      schema: {
        ...common,
        summary: 'Staff: save an edit (a live question gets a new version; a key change re-scores)',
        params,
        body: staffQuestionInputSchema,
        response: { 200: staffQuestionSavedSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireStaff(request);
      return service.updateQuestion(app, user, request.params.id, request.body);
    },
  );

  app.post(
    '/staff/questions/:id/status/',
    {
      schema: {
        ...common,
        summary: 'Staff: move along the workflow draft → in_review → live → withdrawn',
        params,
        body: statusChangeSchema,
        response: { 200: staffQuestionSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireStaff(request);
      return service.changeStatus(app, user, request.params.id, request.body.status);
    },
  );

  app.get(
    '/staff/questions/:id/versions/',
    {
      schema: {
        ...common,
        summary: 'Staff: the version history, newest first',
        params,
        response: { 200: z.array(questionVersionSchema), ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return service.versions(app, request.params.id);
    },
  );

  app.post(
    '/staff/questions/:id/versions/:number/revert/',
    {
      schema: {
        ...common,
        summary:
          'Staff: revert to a version (saved as a new version; a key change re-scores as an edit does)',
        params: params.extend({ number: queryId }),
        response: { 200: staffQuestionSavedSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireStaff(request);
      return service.revertToVersion(app, user, request.params.id, request.params.number);
    },
  );

  app.get(
    '/staff/questions/:id/duplicates/',
    {
      schema: {
        ...common,
        summary:
          'Staff: possible duplicates of a question (trigram similarity at the staff threshold), closest first',
        params,
        response: { 200: z.array(duplicateMatchSchema), ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return duplicates.duplicatesOfQuestion(app, request.params.id);
    },
  );

  app.post(
    '/staff/questions/duplicates/',
    {
      // A read sent as a POST (the draft's text is too long for a query string).
      config: { invalidates: 'nothing' },
      schema: {
        ...common,
        summary:
          "Staff: possible duplicates of a text being typed (a new draft's too), closest first",
        body: duplicateCheckSchema,
        response: { 200: z.array(duplicateMatchSchema), ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return duplicates.duplicatesOfDraft(app, request.body);
    },
  );

  app.get(
    '/staff/settings/duplicates/',
    {
      schema: {
        ...common,
        summary: 'Staff: the similarity threshold (0.1–1) of near-duplicate detection',
        response: { 200: duplicateSettingsSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return duplicates.duplicateSettings(app);
    },
  );

  app.put(
    '/staff/settings/duplicates/',
    {
      schema: {
        ...common,
        summary: 'Staff: set the similarity threshold of near-duplicate detection',
        body: duplicateSettingsSchema,
        response: { 200: duplicateSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireStaff(request);
      return duplicates.setDuplicateSettings(app, user, request.body);
    },
  );

  app.get(
    '/staff/questions/:id/analysis/',
    {
      schema: {
        ...common,
        summary: 'Staff: item analysis (facility, discrimination, choice picks, median time)',
        params,
        response: { 200: itemAnalysisSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return itemAnalysis(app, request.params.id);
    },
  );

  app.get(
    '/staff/cases/',
    {
      schema: {
        ...common,
        summary: 'Staff: the clinical cases, newest first (search the vignette, filter by course)',
        querystring: caseListQuerySchema,
        response: { 200: casePageSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return cases.listCases(app, request.query);
    },
  );

  app.post(
    '/staff/cases/',
    {
      schema: {
        ...common,
        summary: 'Staff: create a clinical case (vignette and ordered sub-questions)',
        body: staffCaseInputSchema,
        response: { 201: staffCaseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireStaff(request);
      return reply.code(201).send(await cases.createCase(app, user, request.body));
    },
  );

  app.get(
    '/staff/cases/:id/',
    {
      schema: {
        ...common,
        summary: 'Staff: one clinical case with its sub-questions in order',
        params,
        response: { 200: staffCaseSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return cases.caseDetail(app, request.params.id);
    },
  );

  app.put(
    '/staff/cases/:id/',
    {
      schema: {
        ...common,
        summary: 'Staff: edit the vignette and set the sub-questions and their order',
        params,
        body: staffCaseInputSchema,
        response: { 200: staffCaseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireStaff(request);
      return cases.updateCase(app, user, request.params.id, request.body);
    },
  );
};
