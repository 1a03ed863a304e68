import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  badRequestBodySchema,
  detailErrorSchema,
  idParamSchema,
  NOTE_FILES_FIELD,
  noteItemDetailPageSchema,
  noteItemDetailSchema,
  noteItemFormDoc,
  noteItemPageSchema,
  noteItemSchema,
  noteQuerySchema,
  questNotesQuerySchema,
} from '@qbank/contract';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import { paginatedResponse } from '../../lib/pagination';
import { readImageForm } from '../../lib/image-form';
import * as notes from './notes.service';

/** 400: field errors, or `{detail}` for a body that could not be parsed (e.g. broken JSON). */
const errors = { 400: badRequestBodySchema, 401: detailErrorSchema, 404: detailErrorSchema };
const uploadErrors = { ...errors, 413: detailErrorSchema, 415: detailErrorSchema };
const tags = ['notes'];
const security = [{ token: [] }];
const multipart = ['application/json', 'multipart/form-data'];

/** Notes on questions, private to their author (issue 4). */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  // 401 before any validation error.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/noteitems/',
    {
      schema: {
        tags,
        security,
        summary: "The caller's notes, newest first (optionally on one question)",
        querystring: noteQuerySchema,
        response: { 200: noteItemPageSchema, ...errors },
      },
    },
    async (request) => {
      const { total, results } = await notes.listNotes(app, requireUser(request), request.query);
      return paginatedResponse(request, request.query, total, results);
    },
  );

  app.patch(
    '/noteitems/:id/',
    {
      schema: {
        tags,
        security,
        consumes: multipart,
        summary: "Changes a note's content (Markdown, required); JSON or multipart",
        params: idParamSchema,
        body: noteItemFormDoc,
        response: { 200: noteItemSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const form = await readImageForm(request, NOTE_FILES_FIELD);
      return notes.updateNoteContent(app, user, request.params.id, form);
    },
  );

  app.delete(
    '/noteitems/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a note and its images',
        params: idParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await notes.deleteNote(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/noteitemsdetail/',
    {
      schema: {
        tags,
        security,
        summary: "The caller's notes with their images and question summary",
        querystring: noteQuerySchema,
        response: { 200: noteItemDetailPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await notes.listNoteDetails(app, requireUser(request), request.query);
      return paginatedResponse(request, request.query, page.total, page.results);
    },
  );

  app.get(
    '/noteitemsdetail/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One note with its images and question summary',
        params: idParamSchema,
        response: { 200: noteItemDetailSchema, ...errors },
      },
    },
    async (request) => notes.getNoteDetail(app, requireUser(request), request.params.id),
  );

  app.post(
    '/noteitemsdetail/',
    {
      schema: {
        tags,
        security,
        consumes: multipart,
        summary: `Creates a note: JSON {question, content}, or multipart with images as ${NOTE_FILES_FIELD}[i]`,
        body: noteItemFormDoc,
        response: { 201: noteItemDetailSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const form = await readImageForm(request, NOTE_FILES_FIELD);
      return reply.code(201).send(await notes.createNote(app, user, form));
    },
  );

  app.patch(
    '/noteitemsdetail/:id/',
    {
      schema: {
        tags,
        security,
        consumes: multipart,
        summary: `Changes a note: content, new images (${NOTE_FILES_FIELD}), removed_attachment_id`,
        params: idParamSchema,
        body: noteItemFormDoc,
        response: { 200: noteItemDetailSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const form = await readImageForm(request, NOTE_FILES_FIELD);
      return notes.updateNoteDetail(app, user, request.params.id, form);
    },
  );

  app.get(
    '/questnotesitems/',
    {
      schema: {
        tags,
        security,
        summary: "The caller's notes on one question (question is required)",
        querystring: questNotesQuerySchema,
        response: { 200: z.array(noteItemDetailSchema), ...errors },
      },
    },
    async (request) => notes.questionNotes(app, requireUser(request), request.query.question),
  );
};
