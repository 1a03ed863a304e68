import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  courseListQuerySchema,
  courseSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  moduleSchema,
  queryId,
  sourceListQuerySchema,
  sourceSchema,
} from '@qbank/contract';
import { requireUser } from '../../lib/auth';
import * as service from './catalogue.service';

const errors = { 400: fieldErrorsSchema, 401: detailErrorSchema, 404: detailErrorSchema };
const params = z.object({ id: queryId });
const common = { tags: ['catalogue'], security: [{ token: [] }] };

/** Modules, courses and sources with the caller's progress and marks (PRODUCT.md §3). */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/moduls/',
    {
      schema: {
        ...common,
        summary: 'Every module, by order',
        response: { 200: z.array(moduleSchema), ...errors },
      },
    },
    async (request) => service.modulesOf(app, requireUser(request)),
  );

  app.get(
    '/moduls/:id/',
    {
      schema: {
        ...common,
        summary: 'One module',
        params,
        response: { 200: moduleSchema, ...errors },
      },
    },
    async (request) => service.moduleById(app, requireUser(request), request.params.id),
  );

  app.get(
    '/courss/',
    {
      schema: {
        ...common,
        summary: 'Courses (of a module), by order',
        querystring: courseListQuerySchema,
        response: { 200: z.array(courseSchema), ...errors },
      },
    },
    async (request) => service.coursesOf(app, requireUser(request), request.query),
  );

  app.get(
    '/courss/:id/',
    {
      schema: {
        ...common,
        summary: 'One course',
        params,
        response: { 200: courseSchema, ...errors },
      },
    },
    async (request) => service.courseById(app, requireUser(request), request.params.id),
  );

  app.get(
    '/sourcs/',
    {
      schema: {
        ...common,
        summary: 'Sources (of a module, or with questions in a course), by order',
        querystring: sourceListQuerySchema,
        response: { 200: z.array(sourceSchema), ...errors },
      },
    },
    async (request) => service.sourcesOf(app, requireUser(request), request.query),
  );

  for (const url of ['/sources/:id/', '/sourcs/:id/']) {
    app.get(
      url,
      {
        schema: {
          ...common,
          summary: 'One source',
          params,
          response: { 200: sourceSchema, ...errors },
        },
      },
      async (request) => service.sourceById(app, requireUser(request), request.params.id),
    );
  }
};
