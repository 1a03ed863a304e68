import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  courseFilterCreateSchema,
  courseFilterListQuerySchema,
  courseFilterSchema,
  courseFilterUpdateSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  moduleFilterCreateSchema,
  moduleFilterDeleteSchema,
  moduleFilterSchema,
} from '@qbank/contract';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import * as service from './filters.service';

const errors = { 400: fieldErrorsSchema, 401: detailErrorSchema, 404: detailErrorSchema };
const security = [{ token: [] }];
const noContent = { 204: z.null().describe('Deleted') };

/** The caller's module filters (modules chosen at onboarding) and course filters (sources). */
export const filtersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication before validation, as in DRF: an anonymous call is a 401, never a 400.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/module_filters/',
    {
      schema: {
        tags: ['filters'],
        summary: "The caller's chosen modules",
        security,
        response: { 200: z.array(moduleFilterSchema), ...errors },
      },
    },
    async (request) => service.listModuleFilters(app, requireUser(request)),
  );

  app.post(
    '/module_filters/',
    {
      schema: {
        tags: ['filters'],
        summary: 'Adds a module to the caller’s filters',
        security,
        body: moduleFilterCreateSchema,
        response: { 201: moduleFilterSchema, ...errors },
      },
    },
    async (request, reply) => {
      const filter = await service.addModuleFilter(app, requireUser(request), request.body.module);
      return reply.code(201).send(filter);
    },
  );

  app.delete(
    '/module_filters/by-module/',
    {
      schema: {
        tags: ['filters'],
        summary:
          'Deletes a module filter by its id (`moduleFiltre`) or by `module`, in query or body',
        security,
        querystring: moduleFilterDeleteSchema,
        body: moduleFilterDeleteSchema.nullish(),
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      const by = { ...request.body, ...request.query };
      await service.deleteModuleFilterBy(app, requireUser(request), by);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/module_filters/:id/',
    {
      schema: {
        tags: ['filters'],
        summary: 'Changes the module of a filter',
        security,
        params: idParamSchema,
        body: moduleFilterCreateSchema,
        response: { 200: moduleFilterSchema, ...errors },
      },
    },
    async (request) =>
      service.changeModuleFilter(app, requireUser(request), request.params.id, request.body.module),
  );

  app.delete(
    '/module_filters/:id/',
    {
      schema: {
        tags: ['filters'],
        summary: 'Deletes one of the caller’s module filters',
        security,
        params: idParamSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteModuleFilter(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/course_filters/',
    {
      schema: {
        tags: ['filters'],
        summary: "The caller's course filters",
        security,
        querystring: courseFilterListQuerySchema,
        response: { 200: z.array(courseFilterSchema), ...errors },
      },
    },
    async (request) => service.listCourseFilters(app, requireUser(request), request.query),
  );

  app.post(
    '/course_filters/',
    {
      schema: {
        tags: ['filters'],
        summary: 'Limits a course to some sources of its module',
        security,
        body: courseFilterCreateSchema,
        response: { 201: courseFilterSchema, ...errors },
      },
    },
    async (request, reply) => {
      const filter = await service.addCourseFilter(app, requireUser(request), request.body);
      return reply.code(201).send(filter);
    },
  );

  app.patch(
    '/course_filters/:id/',
    {
      schema: {
        tags: ['filters'],
        summary: 'Changes a course filter',
        security,
        params: idParamSchema,
        body: courseFilterUpdateSchema,
        response: { 200: courseFilterSchema, ...errors },
      },
    },
    async (request) =>
      service.changeCourseFilter(app, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/course_filters/:id/',
    {
      schema: {
        tags: ['filters'],
        summary: 'Deletes one of the caller’s course filters',
        security,
        params: idParamSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteCourseFilter(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
