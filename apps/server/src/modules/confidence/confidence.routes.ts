import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calibrationReportSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  learningReportQuerySchema,
  missClassifiedSchema,
  missClassReportSchema,
  missClassUpdateSchema,
} from '@qbank/contract';
import { requireUser } from '../../lib/auth';
import * as service from './confidence.service';

const errors = { 400: fieldErrorsSchema, 401: detailErrorSchema, 404: detailErrorSchema };
const security = [{ token: [] }];
const tags = ['history'];

/** Issue 13: confidence calibration, and the classification of misses with its report. */
export const confidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication before validation, as in DRF: an anonymous call is a 401, never a 400.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/question_answer_history/calibration/',
    {
      schema: {
        tags,
        summary: 'How often the caller was right when sure, unsure or guessing',
        description: 'Counts every answer given with a confidence; "sure but wrong" listed first.',
        security,
        querystring: learningReportQuerySchema,
        response: { 200: calibrationReportSchema, ...errors },
      },
    },
    async (request) => service.calibration(app, requireUser(request), request.query),
  );

  app.get(
    '/question_answer_history/miss-classes/',
    {
      schema: {
        tags,
        summary: "The caller's wrong answers by miss class, per module",
        security,
        querystring: learningReportQuerySchema,
        response: { 200: missClassReportSchema, ...errors },
      },
    },
    async (request) => service.missClasses(app, requireUser(request), request.query),
  );

  app.patch(
    '/question_answer_history/:id/',
    {
      schema: {
        tags,
        summary: 'Classifies a wrong answer: knowledge, misread, reasoning or timing',
        description: 'Only `miss_class` can change; null clears it. A right answer is a 400.',
        security,
        params: idParamSchema,
        body: missClassUpdateSchema,
        response: { 200: missClassifiedSchema, ...errors },
      },
    },
    async (request) =>
      service.classifyMiss(app, requireUser(request), request.params.id, request.body.miss_class),
  );
};
