import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  studyPlanBlockSchema,
  studyPlanSchema,
  studyPlanUpdateSchema,
  reviewRunSchema,
} from '@qbank/contract';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import { startSweep } from '../../lib/sweep';
import * as plan from './plan.service';

const errors = { 400: fieldErrorsSchema, 401: detailErrorSchema, 404: detailErrorSchema };
const security = [{ token: [] }];
const tags = ['plan'];

/** How often the reminder pass looks for learners whose morning has come. */
const REMINDERS_EVERY_MS = 30_000;

/** The learner's plan to the exam date (issue 35, decision 054): theirs only. */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  startSweep(app, 'plan reminders', REMINDERS_EVERY_MS, async () => {
    const sent = await plan.sendReminders(app);
    if (sent) app.log.info(`Sent ${sent} plan reminder(s)`);
  });

  app.get(
    '/plan/',
    {
      schema: {
        tags,
        summary: "The caller's plan: today's quota, where they stand, the days to the exam",
        security,
        response: { 200: studyPlanSchema, ...errors },
      },
    },
    async (request) => plan.getPlan(app, requireUser(request)),
  );

  app.put(
    '/plan/',
    {
      schema: {
        tags,
        summary: 'Sets the exam date, the days off, the modules and the daily reminder',
        description:
          'A change of date, days off or modules starts the pace line again from today; ' +
          'the reminder alone keeps it.',
        security,
        body: studyPlanUpdateSchema,
        response: { 200: studyPlanSchema, ...errors },
      },
    },
    async (request) => plan.savePlan(app, requireUser(request), request.body),
  );

  app.delete(
    '/plan/',
    {
      schema: {
        tags,
        summary: "Deletes the caller's plan",
        security,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await plan.deletePlan(app, requireUser(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/plan/block/',
    {
      schema: {
        tags,
        summary: "A study run over the plan's unanswered questions (today's quota left by default)",
        security,
        body: studyPlanBlockSchema,
        response: { 200: reviewRunSchema, ...errors },
      },
    },
    async (request) => plan.startBlock(app, requireUser(request), request.body.size),
  );
};
