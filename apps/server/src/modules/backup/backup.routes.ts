import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStatusSchema, detailErrorSchema } from '@qbank/contract';
import { requireStaff } from '../../lib/auth';
import { backupStatus, backUpNow } from './backup-status.service';

const security = [{ token: [] }];
const tags = ['staff'];
const errors = { 401: detailErrorSchema, 403: detailErrorSchema };

/** Back office: the last backup and a "back up now" (issue 37). */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireStaff(request);
  });

  app.get(
    '/staff/backups/',
    {
      schema: {
        tags,
        summary: "The last backup's time, size and result, and whether it needs attention",
        security,
        response: { 200: backupStatusSchema, ...errors },
      },
    },
    async () => backupStatus(app),
  );

  app.post(
    '/staff/backups/',
    {
      schema: {
        tags,
        summary: 'Make a backup now (as `npm run backup` does) and answer the new status',
        security,
        response: { 200: backupStatusSchema, 409: detailErrorSchema, ...errors },
      },
    },
    async (request) => backUpNow(app, request.user!),
  );
};
