import type { FastifyInstance } from 'fastify';
import { authRoutes } from './modules/auth/auth.routes';
import { filtersRoutes } from './modules/filters/filters.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { healthRoutes } from './modules/health/health.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { attachmentsRoutes } from './modules/attachments/attachments.routes';
import { favouritesRoutes } from './modules/favourites/favourites.routes';
import { playlistsRoutes } from './modules/playlists/playlists.routes';
import { historyRoutes } from './modules/history/history.routes';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { contentRoutes } from './modules/content/content.routes';
import { questionsRoutes } from './modules/questions/questions.routes';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes';
import { invalidationPlugin } from './lib/invalidation';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { statsRoutes } from './modules/stats/stats.routes';

/** Every feature's routes, under /api. One line per feature plugin. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(invalidationPlugin);
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(contentRoutes, { prefix: '/api' });
  await app.register(catalogueRoutes, { prefix: '/api' });
  await app.register(questionsRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(notesRoutes, { prefix: '/api' });
  await app.register(attachmentsRoutes, { prefix: '/api' });
  await app.register(favouritesRoutes, { prefix: '/api' });
  await app.register(playlistsRoutes, { prefix: '/api' });
  await app.register(historyRoutes, { prefix: '/api' });
  await app.register(filtersRoutes, { prefix: '/api' });
  await app.register(sessionsRoutes, { prefix: '/api' });
  await app.register(subscriptionsRoutes, { prefix: '/api' });
  await app.register(reportsRoutes, { prefix: '/api' });
  await app.register(commentsRoutes, { prefix: '/api' });
  await app.register(notificationsRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(staffRoutes, { prefix: '/api' });
  await app.register(backofficeRoutes, { prefix: '/api' });
  await app.register(statsRoutes, { prefix: '/api' });
}
