import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { authPlugin } from './lib/auth';
import { answerRouterError, registerErrorHandler } from './lib/errors';
import { loggerOptions } from './lib/logger';
import { registerRateLimit } from './lib/rate-limit';
import { requestBoundaryPlugin } from './lib/request-boundary';
import { createMailer, type Mailer } from './lib/mail';
import { packageRoot } from './lib/paths';
import { registerMedia } from './lib/media';
import { loadMediaSecret, MediaSigner } from './lib/media-signing';
import { swaggerOptions } from './lib/openapi';
import { createStorage, S3Storage } from './lib/object-storage';
import { LocalStorage, type Storage } from './lib/storage';
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
}

export type App = FastifyInstance;

/** Upload limits (issue 4): 10 files of 5 MB per request. */
export const UPLOAD_LIMITS = { fileSize: 5 * 1024 * 1024, files: 10, fields: 200, parts: 220 };

/** Builds the whole app (plugins in order: external → app → routes) without listening. */
export async function buildApp({ config, database, storage, logStream }: AppDeps): Promise<App> {
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
  app.setSerializerCompiler(serializerCompiler);
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

  const hasWebApp = await registerWebApp(app);
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|media)(\/|$)/.test(request.url);
    if (hasWebApp && isPage) {
      return reply.type('text/html').header('cache-control', HTML_CACHE).sendFile('index.html');
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
  return app;
}

/** The page names hashed assets, so it is revalidated on every visit. */
const HTML_CACHE = 'no-cache';
/** Files under /assets/ carry a content hash in their name: they never change. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web client (apps/web/dist) when it has been built: the brotli or gzip copy
 * made at build time when the browser accepts it, hashed assets cached for a year.
 */
async function registerWebApp(app: FastifyInstance): Promise<boolean> {
  const root = path.join(packageRoot(), '..', 'web', 'dist');
  if (!fs.existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
      res.setHeader('cache-control', hashed ? HASHED_ASSET_CACHE : HTML_CACHE);
      res.setHeader('vary', 'accept-encoding');
    },
  });
  return true;
}
