import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reorderSchema,
  staffCourseInputSchema,
  staffCoursePatchSchema,
  staffModuleInputSchema,
  staffModulePatchSchema,
  staffModuleSchema,
  staffSourceInputSchema,
  staffSourcePatchSchema,
} from '@qbank/contract';
import { requireStaff } from '../../lib/auth';
import { common, errors, params } from './route-schema';
import * as service from './catalogue-admin.service';
import type { CatalogueTable } from './catalogue-admin.repository';

const created = z.object({ id: z.number().int() });

/** Staff: modules, courses and sources (create, edit, archive, reorder). Issue 12. */
export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/catalogue/',
    {
      schema: {
        ...common,
        summary: 'Staff: every module with its courses and sources, archived ones included',
        response: { 200: z.array(staffModuleSchema), ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return service.catalogue(app);
    },
  );

  app.post(
    '/staff/modules/',
    {
      schema: {
        ...common,
        summary: 'Staff: create a module (last in order)',
        body: staffModuleInputSchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireStaff(request);
      const id = await service.createModule(app, user, request.body);
      return reply.code(201).send({ id });
    },
  );

  app.post(
    '/staff/courses/',
    {
      schema: {
        ...common,
        summary: 'Staff: create a course in a module (last in order)',
        body: staffCourseInputSchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireStaff(request);
      const id = await service.createCourse(app, user, request.body);
      return reply.code(201).send({ id });
    },
  );

  app.post(
    '/staff/sources/',
    {
      schema: {
        ...common,
        summary: 'Staff: create a source (exam session, with its year) in a module',
        body: staffSourceInputSchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireStaff(request);
      const id = await service.createSource(app, user, request.body);
      return reply.code(201).send({ id });
    },
  );

  const patches: [CatalogueTable, z.ZodType][] = [
    ['modules', staffModulePatchSchema],
    ['courses', staffCoursePatchSchema],
    ['sources', staffSourcePatchSchema],
  ];
  for (const [table, body] of patches) {
    app.patch(
      `/staff/${table}/:id/`,
      {
        schema: {
          ...common,
          summary: `Staff: edit or archive (is_archived) one of the ${table}`,
          params,
          body,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const user = requireStaff(request);
        await service.update(app, user, table, request.params.id, request.body as object);
        return reply.code(204).send(null);
      },
    );
    app.post(
      `/staff/${table}/reorder/`,
      {
        schema: {
          ...common,
          summary: `Staff: reorder ${table === 'modules' ? 'every module' : `one module's ${table}`}`,
          body: reorderSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const user = requireStaff(request);
        await service.reorder(app, user, table, request.body);
        return reply.code(204).send(null);
      },
    );
  }
};
