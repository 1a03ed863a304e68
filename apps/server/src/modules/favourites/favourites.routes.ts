import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  badRequestBodySchema,
  detailErrorSchema,
  favoriteCreateSchema,
  favoriteQuerySchema,
  favoriteSchema,
  hideCreateSchema,
  hideQuerySchema,
  hideSchema,
  idParamSchema,
  questionMarkCreateSchema,
  questionMarkPageSchema,
  questionMarkQuerySchema,
  questionMarkSchema,
} from '@qbank/contract';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import { pageResponse } from '../../lib/pagination';
import * as favourites from './favourites.service';

/** 400: field errors, or `{detail}` for a body that could not be parsed (e.g. broken JSON). */
const errors = { 400: badRequestBodySchema, 401: detailErrorSchema, 404: detailErrorSchema };
const noContent = { 204: z.null().describe('Deleted') };
const security = [{ token: [] }];

/** Favourite and hidden modules, courses, sources and questions (issue 4). */
export const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  // 401 before any validation error.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  const tags = ['favourites'];
  app.get(
    '/favorites/',
    {
      schema: {
        tags,
        security,
        summary: "The caller's favourite modules and courses",
        querystring: favoriteQuerySchema,
        response: { 200: z.array(favoriteSchema), ...errors },
      },
    },
    async (request) => favourites.listFavorites(app, requireUser(request), request.query),
  );
  app.post(
    '/favorites/',
    {
      schema: {
        tags,
        security,
        summary: 'Marks a module or a course (exactly one) as favourite',
        body: favoriteCreateSchema,
        response: { 201: favoriteSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await favourites.addFavorite(app, requireUser(request), request.body)),
  );
  app.delete(
    '/favorites/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Removes a favourite',
        params: idParamSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await favourites.removeFavorite(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const hideTags = ['hides'];
  app.get(
    '/hides/',
    {
      schema: {
        tags: hideTags,
        security,
        summary: "The caller's hidden modules, courses and sources",
        querystring: hideQuerySchema,
        response: { 200: z.array(hideSchema), ...errors },
      },
    },
    async (request) => favourites.listHides(app, requireUser(request), request.query),
  );
  app.post(
    '/hides/',
    {
      schema: {
        tags: hideTags,
        security,
        summary: 'Hides a module, a course or a source (exactly one)',
        body: hideCreateSchema,
        response: { 201: hideSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await favourites.addHide(app, requireUser(request), request.body)),
  );
  app.delete(
    '/hides/:id/',
    {
      schema: {
        tags: hideTags,
        security,
        summary: 'Removes a hide',
        params: idParamSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await favourites.removeHide(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const [path, marks, tag, label] of [
    ['/favorite_questions/', favourites.favoriteQuestions, 'favourites', 'favourite'],
    ['/hide_questions/', favourites.hiddenQuestions, 'hides', 'hidden'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: [tag],
          security,
          summary: `The caller's ${label} questions (marks, newest first; optionally for one question)`,
          querystring: questionMarkQuerySchema,
          response: { 200: questionMarkPageSchema, ...errors },
        },
      },
      async (request) =>
        pageResponse(request, request.query, marks.list(app, requireUser(request), request.query)),
    );
    app.post(
      path,
      {
        schema: {
          tags: [tag],
          security,
          summary: `Marks a question as ${label}`,
          body: questionMarkCreateSchema,
          response: { 201: questionMarkSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await marks.add(app, requireUser(request), request.body.question)),
    );
    app.delete(
      `${path}:id/`,
      {
        schema: {
          tags: [tag],
          security,
          summary: `Removes a ${label} question mark`,
          params: idParamSchema,
          response: { ...noContent, ...errors },
        },
      },
      async (request, reply) => {
        await marks.remove(app, requireUser(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  }
};
