import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { answerOtherMethod, collectRoutes } from './lib/allowed-methods';
import { authPlugin } from './lib/auth';
import { useBoundedJson } from './lib/json-body';
import { answerRouterError, registerErrorHandler } from './lib/errors';
import { loggerOptions } from './lib/logger';
import { registerRateLimit } from './lib/rate-limit';
import { requestBoundaryPlugin } from './lib/request-boundary';
import { responseSerializerCompiler } from './lib/response-serializer';
import { createMailer, type Mailer } from './lib/mail';
import { registerPageQuery } from './lib/pagination';
import { registerMedia } from './lib/media';
import { loadMediaSecret, MediaSigner } from './lib/media-signing';
import { swaggerOptions } from './lib/openapi';
import { createStorage, S3Storage } from './lib/object-storage';
import { LocalStorage, type Storage } from './lib/storage';
import { registerWebApp } from './lib/web-app';
import { registerRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    storage: Storage;
    mailer: Mailer;
    /** The app's secret (DATA_DIR/media-signing.key or MEDIA_SIGNING_KEY): signs URLs, derives tokens. */
    signer: MediaSigner;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to a local folder under DATA_DIR/media. */
  storage?: Storage;
  /** Log lines go here instead of stdout (tests). */
  logStream?: { write(line: string): void };
  /** The built web client; defaults to apps/web/dist (tests pass their own). */
  webRoot?: string;
}

export type App = FastifyInstance;

/** Upload limits (issue 4): 10 files of 5 MB per request. */
export const UPLOAD_LIMITS = { fileSize: 5 * 1024 * 1024, files: 10, fields: 200, parts: 220 };

/** Builds the whole app (plugins in order: external → app → routes) without listening. */
export async function buildApp({
  config,
  database,
  storage,
  logStream,
  webRoot,
}: AppDeps): Promise<App> {
  const app = Fastify({
    ...loggerOptions(config.logLevel, logStream),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Behind nginx (deploy/nginx), request.ip is the client's only when the proxy is trusted:
    // rate limits per IP would otherwise count every client as the proxy.
    trustProxy: config.trustProxy ?? false,
    frameworkErrors: answerRouterError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const signer = new MediaSigner(loadMediaSecret(config.mediaSigningKey, config.dataDir));
  app.decorate('signer', signer);
  const files = storage ?? createStorage(config, signer);
  app.decorate('storage', files);
  if (files instanceof S3Storage) app.addHook('onClose', async () => files.close());
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  registerErrorHandler(app);
  // JSON bodies are bounded in depth and size before anything walks them; text/plain is not a
  // format of this API: 415 as DRF, not a string body that fails validation (issue 32).
  useBoundedJson(app);
  app.removeContentTypeParser('text/plain');
  const routes = collectRoutes(app);
  registerPageQuery(app);
  // Every answer names its request, so a user's report or the proxy's log leads to the log lines.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(fastifySwagger, swaggerOptions(config));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  // JSON answers above 1 KB go out gzipped when the client accepts it; the web assets are
  // compressed at build time instead (registerWebApp), and images are not compressible.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip'] });
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
  await registerRateLimit(app, config.redisUrl);
  await app.register(authPlugin);
  await app.register(requestBoundaryPlugin);
  // Uploaded files (re-encoded images only), with the content type of their extension.
  if (files instanceof LocalStorage) fs.mkdirSync(files.root, { recursive: true });
  await registerMedia(app, files, signer);

  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
  await registerRoutes(app);

  const sendPage = await registerWebApp(app, webRoot);
  app.setNotFoundHandler((request, reply) => {
    const otherMethod = answerOtherMethod(routes, request, reply);
    if (otherMethod) return otherMethod;
    const isPage = request.method === 'GET' && !/^\/(api|media)(\/|$)/.test(request.url);
    if (sendPage && isPage) return sendPage(request.url, reply);
    return reply.code(404).send({ detail: 'Not found.' });
  });
  return app;
}
