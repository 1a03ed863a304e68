import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  badRequestBodySchema,
  detailErrorSchema,
  idParamSchema,
  pageQuerySchema,
  playlistCreateSchema,
  playlistItemCreateSchema,
  playlistItemDetailSchema,
  playlistItemSchema,
  playlistItemsQuerySchema,
  playlistOrderSchema,
  playlistPageSchema,
  playlistReorderSchema,
  playlistSchema,
  playlistUpdateSchema,
} from '@qbank/contract';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import { useBoundedJson } from '../../lib/json-body';
import { pageResponse } from '../../lib/pagination';
import * as playlists from './playlists.service';

/** 400: field errors, or `{detail}` for a body that could not be parsed (e.g. broken JSON). */
const errors = { 400: badRequestBodySchema, 401: detailErrorSchema, 404: detailErrorSchema };
const noContent = { 204: z.null().describe('Deleted') };
const security = [{ token: [] }];
const tags = ['playlists'];

/** Named, ordered lists of questions (issue 4). */
export const playlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  // 401 before any validation error.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/playlist/',
    {
      schema: {
        tags,
        security,
        summary: "The caller's playlists, newest first, each with items_count",
        querystring: pageQuerySchema,
        response: { 200: playlistPageSchema, ...errors },
      },
    },
    async (request) =>
      pageResponse(
        request,
        request.query,
        playlists.listPlaylists(app, requireUser(request), request.query),
      ),
  );
  app.get(
    '/playlist/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One playlist',
        params: idParamSchema,
        response: { 200: playlistSchema, ...errors },
      },
    },
    async (request) => playlists.getPlaylist(app, requireUser(request), request.params.id),
  );
  app.post(
    '/playlist/',
    {
      schema: {
        tags,
        security,
        summary: 'Creates a playlist',
        body: playlistCreateSchema,
        response: { 201: playlistSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await playlists.createPlaylist(app, requireUser(request), request.body)),
  );
  app.patch(
    '/playlist/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Renames a playlist or changes its description',
        params: idParamSchema,
        body: playlistUpdateSchema,
        response: { 200: playlistSchema, ...errors },
      },
    },
    async (request) =>
      playlists.updatePlaylist(app, requireUser(request), request.params.id, request.body),
  );
  app.delete(
    '/playlist/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a playlist and its items',
        params: idParamSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await playlists.deletePlaylist(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/playlistitemsdetail/',
    {
      schema: {
        tags,
        security,
        summary: "A playlist's items in order, each with its question summary",
        querystring: playlistItemsQuerySchema,
        response: { 200: z.array(playlistItemDetailSchema), ...errors },
      },
    },
    async (request) => playlists.listItems(app, requireUser(request), request.query.playlist),
  );
  app.post(
    '/playlistitems/',
    {
      schema: {
        tags,
        security,
        summary: 'Appends a question at the end of a playlist',
        body: playlistItemCreateSchema,
        response: { 201: playlistItemSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await playlists.addItem(app, requireUser(request), request.body)),
  );
  app.delete(
    '/playlistitems/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Removes an item from its playlist',
        params: idParamSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await playlists.removeItem(app, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // The seed's client sends this PATCH with an empty body, even as application/json: here an
  // empty JSON body reads as no body instead of Fastify's 400.
  await app.register(async (scope) => {
    useBoundedJson(scope, true);
    scope.withTypeProvider<ZodTypeProvider>().patch(
      '/playlistitems/',
      {
        schema: {
          tags,
          security,
          summary:
            'Reorders a playlist: {playlist, order: [every item id, once]}; an empty body changes nothing',
          body: playlistReorderSchema,
          response: { 200: playlistOrderSchema, ...errors },
        },
      },
      async (request) => playlists.reorderItems(app, requireUser(request), request.body),
    );
  });
};
