import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkDeleteResultSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  paginated,
  REPORT_SCREENSHOT_FIELD,
  reportBulkDeleteSchema,
  reportCreateSchema,
  reportListQuerySchema,
  reportSchema,
  reportUpdateSchema,
  reportGroupPageSchema,
  reportGroupQuerySchema,
  staffReportQueueQuerySchema,
  staffReportSchema,
  staffReportUpdateSchema,
} from '@qbank/contract';
import { requireStaff, requireUser } from '../../lib/auth';
import { pageResponse } from '../../lib/pagination';
import { readImageForm } from '../../lib/image-form';
import * as service from './reports.service';

const errors = { 400: fieldErrorsSchema, 401: detailErrorSchema, 404: detailErrorSchema };
const uploadErrors = { ...errors, 413: detailErrorSchema, 415: detailErrorSchema };
const staffErrors = { ...errors, 403: detailErrorSchema };
const security = [{ token: [] }];

/** Learners' reports on questions (`/api/rports/`, the seed's spelling) and the staff queue. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication comes before validation, as in DRF: an anonymous call is a 401, never a 400.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  app.get(
    '/rports/',
    {
      schema: {
        tags: ['reports'],
        summary: "The caller's reports, newest first",
        security,
        querystring: reportListQuerySchema,
        response: { 200: paginated(reportSchema), ...errors },
      },
    },
    async (request) =>
      pageResponse(
        request,
        request.query,
        service.listReports(app, requireUser(request), request.query),
      ),
  );

  app.get(
    '/rports/:id/',
    {
      schema: {
        tags: ['reports'],
        summary: 'One of the caller’s reports',
        security,
        params: idParamSchema,
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request) => service.getReport(app, requireUser(request), request.params.id),
  );

  app.post(
    '/rports/',
    {
      schema: {
        tags: ['reports'],
        summary: `Reports a question: JSON, or multipart with an optional image ${REPORT_SCREENSHOT_FIELD}`,
        security,
        consumes: ['application/json', 'multipart/form-data'],
        // A multipart body is read and validated by the service (same schema).
        body: reportCreateSchema.nullish(),
        response: { 201: reportSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const form = await readImageForm(request, REPORT_SCREENSHOT_FIELD);
      const report = await service.createReport(app, user, form);
      return reply.code(201).send(report);
    },
  );

  app.patch(
    '/rports/:id/',
    {
      schema: {
        tags: ['reports'],
        summary: 'Edits reason or message of an open report',
        security,
        params: idParamSchema,
        body: reportUpdateSchema.nullish(),
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request) =>
      service.updateReport(app, requireUser(request), request.params.id, request.body ?? {}),
  );

  app.post(
    '/rports/bulk_delete',
    {
      schema: {
        tags: ['reports'],
        summary: 'Deletes the caller’s reports among ids (others are ignored)',
        security,
        body: reportBulkDeleteSchema,
        response: { 200: bulkDeleteResultSchema, ...errors },
      },
    },
    async (request) =>
      service.bulkDelete(
        { db: app.db, storage: app.storage, log: request.log },
        requireUser(request),
        request.body.ids,
      ),
  );

  await app.register(staffReportsRoutes);
};

const staffReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireStaff(request);
  });

  app.get(
    '/staff/reports/',
    {
      schema: {
        tags: ['reports', 'staff'],
        summary: 'Every report, oldest first, with question summary and reporter (staff)',
        security,
        querystring: staffReportQueueQuerySchema,
        response: { 200: paginated(staffReportSchema), ...staffErrors },
      },
    },
    async (request) =>
      pageResponse(request, request.query, service.listStaffReports(app, request.query)),
  );

  app.get(
    '/staff/reports/by-question/',
    {
      schema: {
        tags: ['reports', 'staff'],
        summary:
          'Reports grouped by question, most reported first (status: open by default) (staff)',
        security,
        querystring: reportGroupQuerySchema,
        response: { 200: reportGroupPageSchema, ...staffErrors },
      },
    },
    async (request) =>
      pageResponse(request, request.query, service.listReportGroups(app, request.query)),
  );

  app.get(
    '/staff/reports/:id/',
    {
      schema: {
        tags: ['reports', 'staff'],
        summary: 'One report (staff)',
        security,
        params: idParamSchema,
        response: { 200: staffReportSchema, ...staffErrors },
      },
    },
    async (request) => service.getStaffReport(app, request.params.id),
  );

  app.patch(
    '/staff/reports/:id/',
    {
      schema: {
        tags: ['reports', 'staff'],
        summary: 'Resolves or rejects a report, with an answer to the reporter (staff)',
        security,
        params: idParamSchema,
        body: staffReportUpdateSchema,
        response: { 200: staffReportSchema, ...staffErrors },
      },
    },
    async (request) =>
      service.answerReport(app, requireStaff(request), request.params.id, request.body),
  );
};
