import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  mailListInputSchema,
  mailListParamSchema,
  mailListSchema,
  mailListsSchema,
  unsubscribeQuerySchema,
} from '@qbank/contract';
import { requireUser } from '../../lib/auth';
import * as service from './mail-lists.service';
import { confirmPage, donePage } from './unsubscribe-page';

const security = [{ token: [] }];
const tags = ['notifications'];
const errors = { 400: fieldErrorsSchema, 401: detailErrorSchema, 404: detailErrorSchema };

const html = (reply: FastifyReply, body: string) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
/** A browser submitting the page's form wants a page back; a mail client's POST does not care. */
const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/** The caller's opt-in mailing lists (off by default). */
export const mailListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/mail_lists/',
    {
      schema: {
        tags,
        summary: 'The mailing lists and whether the caller opted in',
        security,
        response: { 200: mailListsSchema, ...errors },
      },
    },
    async (request) => service.settings(app, requireUser(request)),
  );

  app.put(
    '/mail_lists/:list/',
    {
      schema: {
        tags,
        summary: 'Opts the caller in or out of a mailing list',
        security,
        params: mailListParamSchema,
        body: mailListInputSchema,
        response: { 200: mailListSchema, ...errors },
      },
    },
    async (request) =>
      service.setSubscribed(
        app,
        requireUser(request),
        request.params.list,
        request.body.subscribed,
      ),
  );
};

/**
 * A list's one-click unsubscribe, signed out: the link names the learner by a signed token.
 * GET only shows a confirmation (link scanners fetch links); POST unsubscribes, as RFC 8058's
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` asks of mail clients.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` as a form; its content is moot.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/mail_lists/:list/unsubscribe/',
    {
      schema: {
        tags,
        summary: 'A page asking to confirm leaving a mailing list (HTML)',
        security: [],
        params: mailListParamSchema,
        querystring: unsubscribeQuerySchema,
        response: { 200: z.string().describe('An HTML page'), ...errors },
      },
    },
    async (request, reply) => {
      const { list } = request.params;
      const { subscribed } = await service.linkStatus(app, list, request.query.token);
      return html(reply, confirmPage(list, request.query.token, subscribed));
    },
  );

  app.post(
    '/mail_lists/:list/unsubscribe/',
    {
      schema: {
        tags,
        summary: 'Leaves a mailing list (RFC 8058 one-click, signed out)',
        security: [],
        params: mailListParamSchema,
        querystring: unsubscribeQuerySchema,
        response: { 200: mailListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { list } = request.params;
      const done = await service.unsubscribeByLink(app, list, request.query.token);
      return wantsHtml(request) ? html(reply, donePage(list)) : done;
    },
  );
};
