import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentCreateSchema,
  commentListQuerySchema,
  commentReactionQuerySchema,
  commentReactionSchema,
  commentReplyCreateSchema,
  commentReplyListQuerySchema,
  commentReplyReactionQuerySchema,
  commentReplyReactionSchema,
  commentReplySchema,
  commentSchema,
  commentUpdateSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  paginated,
  reactionResultSchema,
} from '@qbank/contract';
import { requireUser } from '../../lib/auth';
import { readForm } from '../../lib/multipart';
import { pageResponse } from '../../lib/pagination';
import * as service from './comments.service';

const security = [{ token: [] }];
const errors = {
  400: fieldErrorsSchema,
  401: detailErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
  413: detailErrorSchema,
  415: detailErrorSchema,
};
/** Creates and edits take multipart (files in `attachments[i]`) or JSON; both read the same. */
const consumes = ['multipart/form-data', 'application/json'];

/**
 * Comments on questions (`/api/comments/`) and one level of replies (`/api/comments_reply/`),
 * with their reactions. Comments are visible to every signed-in user; only authors edit.
 */
export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication before validation, as in DRF: an anonymous call is a 401, never a 400.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  // Comments ---------------------------------------------------------------------------------
  const C = service.comments;
  const ctags = ['comments'];
  app.get(
    '/comments/',
    {
      schema: {
        tags: ctags,
        summary: 'The comments of a question, newest first or by rank',
        security,
        querystring: commentListQuerySchema,
        response: { 200: paginated(commentSchema), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return pageResponse(
        request,
        q,
        C.list(app, requireUser(request), {
          parent: q.question,
          ordering: q.ordering,
          page: q,
        }),
      );
    },
  );
  app.get(
    '/comments/:id/',
    {
      schema: {
        tags: ctags,
        summary: 'One comment',
        security,
        params: idParamSchema,
        response: { 200: commentSchema, ...errors },
      },
    },
    async (request) => C.get(app, requireUser(request), request.params.id),
  );
  app.post(
    '/comments/',
    {
      schema: {
        tags: ctags,
        summary: 'Posts a comment on a question (multipart with attachments[i], or JSON)',
        security,
        consumes,
        body: commentCreateSchema.nullish(),
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await C.create(app, requireUser(request), await readForm(request))),
  );
  app.patch(
    '/comments/:id/',
    {
      schema: {
        tags: ctags,
        summary: "Edits the caller's comment: body, new attachments[i], removed_attachment_id",
        security,
        consumes,
        params: idParamSchema,
        body: commentUpdateSchema.nullish(),
        response: { 200: commentSchema, ...errors },
      },
    },
    async (request) =>
      C.update(app, requireUser(request), request.params.id, await readForm(request)),
  );
  app.patch(
    '/comments/',
    {
      schema: {
        tags: ctags,
        summary: "Edits the caller's comment named by id in the body (the seed's form)",
        security,
        consumes,
        body: commentUpdateSchema.nullish(),
        response: { 200: commentSchema, ...errors },
      },
    },
    async (request) => C.update(app, requireUser(request), undefined, await readForm(request)),
  );
  registerShared(C, '/comments/', 'comment', ctags);

  // Replies ----------------------------------------------------------------------------------
  const R = service.replies;
  const rtags = ['comment replies'];
  app.get(
    '/comments_reply/',
    {
      schema: {
        tags: rtags,
        summary: 'The replies to a comment, oldest first or by rank',
        security,
        querystring: commentReplyListQuerySchema,
        response: { 200: paginated(commentReplySchema), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return pageResponse(
        request,
        q,
        R.list(app, requireUser(request), {
          parent: q.comment,
          ordering: q.ordering,
          page: q,
        }),
      );
    },
  );
  app.get(
    '/comments_reply/:id/',
    {
      schema: {
        tags: rtags,
        summary: 'One reply',
        security,
        params: idParamSchema,
        response: { 200: commentReplySchema, ...errors },
      },
    },
    async (request) => R.get(app, requireUser(request), request.params.id),
  );
  app.post(
    '/comments_reply/',
    {
      schema: {
        tags: rtags,
        summary: 'Replies to a comment (multipart with attachments[i], or JSON)',
        security,
        consumes,
        body: commentReplyCreateSchema.nullish(),
        response: { 201: commentReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await R.create(app, requireUser(request), await readForm(request))),
  );
  app.patch(
    '/comments_reply/:id/',
    {
      schema: {
        tags: rtags,
        summary: "Edits the caller's reply: body, new attachments[i], removed_attachment_id",
        security,
        consumes,
        params: idParamSchema,
        body: commentUpdateSchema.nullish(),
        response: { 200: commentReplySchema, ...errors },
      },
    },
    async (request) =>
      R.update(app, requireUser(request), request.params.id, await readForm(request)),
  );
  app.patch(
    '/comments_reply/',
    {
      schema: {
        tags: rtags,
        summary: "Edits the caller's reply named by id in the body",
        security,
        consumes,
        body: commentUpdateSchema.nullish(),
        response: { 200: commentReplySchema, ...errors },
      },
    },
    async (request) => R.update(app, requireUser(request), undefined, await readForm(request)),
  );
  registerShared(R, '/comments_reply/', 'reply', rtags);

  /** Delete and the three reaction calls, the same for comments and replies. */
  function registerShared(
    kind: service.DiscussionService,
    path: string,
    noun: string,
    tags: string[],
  ) {
    app.delete(
      `${path}:id/`,
      {
        schema: {
          tags,
          summary: `Deletes a ${noun} and its files (author or staff)`,
          security,
          params: idParamSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await kind.remove(app, requireUser(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
    const reaction = (summary: string) => ({
      schema: {
        tags,
        summary,
        security,
        params: idParamSchema,
        response: { 200: reactionResultSchema, ...errors },
      },
    });
    app.post(
      `${path}:id/increase_rank/`,
      reaction(`Sets the caller's reaction on a ${noun} to +1`),
      async (request) => kind.react(app, requireUser(request), request.params.id, 1),
    );
    app.post(
      `${path}:id/decrease_rank/`,
      reaction(`Sets the caller's reaction on a ${noun} to -1`),
      async (request) => kind.react(app, requireUser(request), request.params.id, -1),
    );
    app.delete(
      `${path}:id/remove_reaction/`,
      reaction(`Removes the caller's reaction on a ${noun}`),
      async (request) => kind.react(app, requireUser(request), request.params.id, null),
    );
  }

  app.get(
    '/comments_reaction/',
    {
      schema: {
        tags: ['comments'],
        summary: "The caller's reactions on comments (?question= or ?comment=)",
        security,
        querystring: commentReactionQuerySchema,
        response: { 200: z.array(commentReactionSchema), ...errors },
      },
    },
    async (request) => service.commentReactions(app, requireUser(request), request.query),
  );

  app.get(
    '/comments_reply_reaction/',
    {
      schema: {
        tags: ['comment replies'],
        summary: "The caller's reactions on replies (?comment= or ?reply=)",
        security,
        querystring: commentReplyReactionQuerySchema,
        response: { 200: z.array(commentReplyReactionSchema), ...errors },
      },
    },
    async (request) => service.replyReactions(app, requireUser(request), request.query),
  );
};
