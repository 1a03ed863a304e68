import type { FastifyInstance } from 'fastify';
import { requireStaff } from '../../lib/auth';
import { catalogueAdminRoutes } from './catalogue-admin.routes';
import { importsRoutes } from './imports.routes';
import { questionAdminRoutes } from './question-admin.routes';

/** The content back office (issue 12): every route is staff only. */
export async function backofficeRoutes(app: FastifyInstance): Promise<void> {
  // Before body validation: anonymous callers get 401 and learners 403, whatever they send.
  app.addHook('onRequest', async (request) => {
    requireStaff(request);
  });
  await app.register(catalogueAdminRoutes);
  await app.register(questionAdminRoutes);
  await app.register(importsRoutes);
}
