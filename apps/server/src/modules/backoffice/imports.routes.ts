import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EXPORT_FORMATS,
  IMPORT_FORMATS,
  importJobSchema,
  importReportSchema,
  optionalQuery,
  queryId,
} from '@qbank/contract';
import { badRequest } from '../../lib/errors';
import { storeImage } from '../../lib/images';
import { readForm } from '../../lib/multipart';
import { mediaUrl } from '../../lib/storage';
import { requireStaff } from '../../lib/auth';
import { common, errors } from './route-schema';
import { exportBank } from './exports.service';
import { importJob } from './import-jobs';
import { startImport } from './imports.service';
import { recordStaffAction } from '../audit/audit.service';

/** A bank file may be larger than an image upload. */
const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

const importFields = z.object({
  format: optionalQuery(z.enum(IMPORT_FORMATS)),
  dry_run: z.enum(['true', 'false']).default('true'),
  module: optionalQuery(z.string().trim().max(200)),
  /** Issue 38: a spreadsheet saved by Excel in Windows-1252; `auto` detects it. */
  encoding: z.string().trim().min(1).max(40).default('auto'),
});

/** Staff: imports from the web (the CLI's importer) and exports. Issue 12. */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/staff/imports/',
    {
      schema: {
        ...common,
        summary:
          'Staff: upload a bank file (multipart `file`, optional `format`, `dry_run` true by default, `module`, `encoding`: an encoding name or `auto`, the default)',
        consumes: ['multipart/form-data'],
        response: { 200: importReportSchema, 202: importReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireStaff(request);
      if (!request.isMultipart()) throw badRequest('file', 'No file was submitted.');
      let upload: { filename: string; data: Buffer } | undefined;
      const fields: Record<string, string> = {};
      for await (const part of request.parts({
        limits: { fileSize: IMPORT_MAX_BYTES, files: 1 },
      })) {
        if (part.type === 'file') {
          if (part.fieldname === 'file')
            upload = { filename: part.filename, data: await part.toBuffer() };
          else await part.toBuffer();
        } else fields[part.fieldname] = String(part.value);
      }
      if (!upload) throw badRequest('file', 'No file was submitted.');
      const parsed = importFields.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(String(issue.path[0] ?? 'non_field_errors'), issue.message);
      }
      const report = await startImport(app, user, upload, {
        format: parsed.data.format,
        dryRun: parsed.data.dry_run === 'true',
        defaultModule: parsed.data.module,
        encoding: parsed.data.encoding,
      });
      return reply.code(report.job ? 202 : 200).send(report);
    },
  );

  app.get(
    '/staff/imports/:id/',
    {
      schema: {
        ...common,
        summary: 'Staff: progress of an import',
        params: z.object({ id: z.string().uuid({ error: 'Not a valid import id.' }) }),
        response: { 200: importJobSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return importJob(app, request.params.id);
    },
  );

  app.get(
    '/staff/exports/',
    {
      schema: {
        ...common,
        summary: 'Staff: the bank (or one module) as our JSON, CSV, or a QTI 2.1 package (zip)',
        querystring: z.object({
          format: z.enum(EXPORT_FORMATS).default('json'),
          module: optionalQuery(queryId),
        }),
      },
    },
    async (request, reply) => {
      const user = requireStaff(request);
      const file = await exportBank(app, user, request.query.format, request.query.module);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .serializer((payload: unknown) => payload as string)
        .send(file.body);
    },
  );

  app.post(
    '/staff/media/',
    {
      schema: {
        ...common,
        summary:
          'Staff: upload an image for the question editor (multipart `image`); answers its URL',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ url: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireStaff(request);
      const form = await readForm(request);
      const image = form.files.find((f) => f.field === 'image');
      if (!image) throw badRequest('image', 'No file was submitted.');
      const key = await storeImage(app.storage, 'questions', 'image', image.data);
      const url = mediaUrl(key)!;
      await recordStaffAction(app, user, 'media.upload', { type: 'media', id: null }, null, {
        url,
      });
      return reply.code(201).send({ url });
    },
  );
};
