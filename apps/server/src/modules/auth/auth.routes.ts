import {
  accessTokenRequestSchema,
  authConfigSchema,
  authResponseSchema,
  codeRequestSchema,
  detailErrorSchema,
  detailMessageSchema,
  emailRequestSchema,
  badRequestBodySchema,
  loginRequestSchema,
  registrationRequestSchema,
  resetCodeRequestSchema,
  resetConfirmRequestSchema,
  userDetailSchema,
  userUpdateRequestSchema,
} from '@qbank/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth';
import { deleteAccount, profile, readProfileForm, updateProfile } from './account.service';
import { authLimits } from './auth.limits';
import * as auth from './auth.service';
import { confirmReset, requestReset, verifyResetCode } from './password-reset.service';
import { requestToken } from './user-detail';

const security = [{ token: [] }];
const errors = { 400: badRequestBodySchema, 429: detailErrorSchema };
const authErrors = { 401: detailErrorSchema };
const providerErrors = { 502: detailErrorSchema };
const mailErrors = { 503: detailErrorSchema };

/** Seed §7 "Auth and account" (PRODUCT.md §2), plus logout and the client's sign-in config. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = authLimits(app);
  const tags = ['auth'];

  app.post(
    '/auth/login/',
    {
      schema: {
        tags,
        summary: 'Signs in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: authResponseSchema, ...errors },
      },
      preHandler: limit.login,
    },
    async (request) => auth.login(app, request.body),
  );

  app.post(
    '/auth/registration/',
    {
      schema: {
        tags,
        summary: 'Creates an active, unconfirmed account and mails a verification code',
        body: registrationRequestSchema,
        response: { 201: authResponseSchema, ...errors },
      },
      preHandler: limit.registration,
    },
    async (request, reply) => reply.code(201).send(await auth.register(app, request.body)),
  );

  app.post(
    '/auth/verify_email/',
    {
      schema: {
        tags,
        summary: "Confirms the caller's e-mail address with the mailed code",
        security,
        body: codeRequestSchema,
        response: { 200: detailMessageSchema, ...errors, ...authErrors },
      },
      onRequest: async (request) => {
        requireUser(request);
      },
      preHandler: limit.verifyEmail,
    },
    async (request) => ({
      detail: await auth.verifyEmail(app, requireUser(request), request.body.code),
    }),
  );

  app.post(
    '/auth/resend_email_verification_code/',
    {
      schema: {
        tags,
        summary: 'Mails a new verification code (one a minute per address)',
        body: emailRequestSchema,
        response: { 200: detailMessageSchema, ...errors, ...mailErrors },
      },
      preHandler: limit.resend,
    },
    async (request) => ({ detail: await auth.resendVerificationCode(app, request.body.email) }),
  );

  app.post(
    '/auth/logout/',
    {
      schema: {
        tags,
        summary: "Revokes the caller's token",
        security,
        response: { 200: detailMessageSchema, ...authErrors },
      },
    },
    async (request) => {
      requireUser(request);
      return { detail: await auth.logout(app, request.tokenHash!) };
    },
  );

  app.get(
    '/auth/config/',
    {
      schema: {
        tags,
        summary: 'Public settings of the sign-in screens',
        response: { 200: authConfigSchema },
      },
    },
    async () => ({ google_client_id: app.config.googleClientId ?? null }),
  );

  app.get(
    '/auth/user/',
    {
      schema: {
        tags,
        summary: "The caller's profile",
        security,
        response: { 200: userDetailSchema, ...authErrors },
      },
    },
    async (request) => profile(requireUser(request), requestToken(request.headers.authorization)),
  );

  app.patch(
    '/auth/user/',
    {
      schema: {
        tags,
        summary:
          'Updates first_name, last_name, phone, date_of_birth and image (multipart or JSON)',
        description: 'Null and empty values are left out; the e-mail is read-only.',
        consumes: ['multipart/form-data', 'application/json'],
        security,
        body: userUpdateRequestSchema,
        response: { 200: userDetailSchema, 400: badRequestBodySchema, ...authErrors },
      },
    },
    async (request) => {
      const user = await updateProfile(app, requireUser(request), await readProfileForm(request));
      return profile(user, requestToken(request.headers.authorization));
    },
  );

  app.delete(
    '/delete-account/',
    {
      schema: {
        tags,
        summary: "Deletes the caller's account with every personal record and file",
        security,
        response: { 200: detailMessageSchema, ...authErrors },
      },
    },
    async (request) => {
      await deleteAccount(app, requireUser(request));
      return { detail: 'success' };
    },
  );

  app.post(
    '/auth/google-signin/',
    {
      schema: {
        tags,
        summary: 'Signs in with an identity-provider access token',
        body: accessTokenRequestSchema,
        response: { 200: authResponseSchema, ...errors, ...providerErrors },
      },
      preHandler: limit.provider,
    },
    async (request) => auth.providerSignIn(app, request.body.access_token),
  );

  app.post(
    '/auth/google-signup/',
    {
      schema: {
        tags,
        summary: 'Creates a confirmed account from an identity-provider access token',
        body: accessTokenRequestSchema,
        response: { 201: authResponseSchema, ...errors, ...providerErrors },
      },
      preHandler: limit.provider,
    },
    async (request, reply) =>
      reply.code(201).send(await auth.providerSignUp(app, request.body.access_token)),
  );

  app.post(
    '/password-reset/request/',
    {
      schema: {
        tags,
        summary: 'Mails a password reset code (200 for an unknown address too)',
        body: emailRequestSchema,
        response: { 200: detailMessageSchema, ...errors, ...mailErrors },
      },
      preHandler: limit.resetRequest,
    },
    async (request) => ({ detail: await requestReset(app, request.body.email) }),
  );

  app.post(
    '/password-reset/verify_code/',
    {
      schema: {
        tags,
        summary: 'Checks a reset code without using it up',
        body: resetCodeRequestSchema,
        response: { 200: detailMessageSchema, ...errors },
      },
      preHandler: limit.resetCode,
    },
    async (request) => ({ detail: await verifyResetCode(app, request.body) }),
  );

  app.post(
    '/password-reset/verify_email/',
    {
      schema: {
        tags,
        summary: 'Sets a new password with a reset code; revokes every token',
        body: resetConfirmRequestSchema,
        response: { 200: detailMessageSchema, ...errors },
      },
      preHandler: limit.resetCode,
    },
    async (request) => ({ detail: await confirmReset(app, request.body) }),
  );
};
