import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './modules/health/health.routes';

/** Every feature's routes, under /api. One line per feature plugin. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
}
