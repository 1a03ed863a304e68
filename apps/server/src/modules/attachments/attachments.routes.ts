import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  badRequestBodySchema,
  ATTACHMENT_FILES_FIELD,
  attachmentFormDoc,
  attachmentItemPageSchema,
  attachmentItemSchema,
  attachmentQuerySchema,
  detailErrorSchema,
  idParamSchema,
} from '@qbank/contract';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import { pageResponse } from '../../lib/pagination';
import * as attachments from './attachments.service';
import { readImageForm } from '../../lib/image-form';

/** 400: field errors, or `{detail}` for a body that could not be parsed (e.g. broken JSON). */
const errors = { 400: badRequestBodySchema, 401: detailErrorSchema, 404: detailErrorSchema };
const uploadErrors = { ...errors, 413: detailErrorSchema, 415: detailErrorSchema };
const tags = ['attachments'];
const security = [{ token: [] }];
const consumes = ['multipart/form-data', 'application/json'];

/** A user's own images on questions (e.g. photos of hand-written notes), private (issue 4). */
export const attachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // 401 before any validation error.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/attachmentsitem/',
    {
      schema: {
        tags,
        security,
        summary: "The caller's attachment items, newest first (optionally on one question)",
        querystring: attachmentQuerySchema,
        response: { 200: attachmentItemPageSchema, ...errors },
      },
    },
    async (request) =>
      pageResponse(
        request,
        request.query,
        attachments.listItems(app, requireUser(request), request.query),
      ),
  );

  app.get(
    '/attachmentsitem/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One attachment item with its images',
        params: idParamSchema,
        response: { 200: attachmentItemSchema, ...errors },
      },
    },
    async (request) => attachments.getItem(app, requireUser(request), request.params.id),
  );

  app.post(
    '/attachmentsitem/',
    {
      schema: {
        tags,
        security,
        consumes,
        summary: `Creates an attachment item: multipart with question and ${ATTACHMENT_FILES_FIELD}[i] (1 to 10)`,
        body: attachmentFormDoc,
        response: { 201: attachmentItemSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const form = await readImageForm(request, ATTACHMENT_FILES_FIELD);
      return reply.code(201).send(await attachments.createItem(app, user, form));
    },
  );

  app.patch(
    '/attachmentsitem/:id/',
    {
      schema: {
        tags,
        security,
        consumes,
        summary: `Adds images (${ATTACHMENT_FILES_FIELD}[i]) and removes others (removed_attachment_id)`,
        params: idParamSchema,
        body: attachmentFormDoc,
        response: { 200: attachmentItemSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const form = await readImageForm(request, ATTACHMENT_FILES_FIELD);
      return attachments.updateItem(app, user, request.params.id, form);
    },
  );

  app.delete(
    '/attachmentsitem/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes an attachment item and its files',
        params: idParamSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await attachments.deleteItem(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
