import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { packageRoot } from './paths';

/** A page names hashed assets, so it is revalidated on every visit (a 304 while unchanged). */
const HTML_CACHE = 'no-cache';
/** Files under /assets/ carry a content hash in their name: they never change. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/** Answers a page request (any GET outside /api and /media) with the right HTML file. */
export type SendPage = (url: string, reply: FastifyReply) => FastifyReply;

/**
 * Serves the built web client (apps/web/dist) when it has been built: the brotli or gzip copy
 * made at build time when the browser accepts it, hashed assets cached for a year. A page is
 * its prerendered HTML when the build made one (`auth/sign-in.html` for /auth/sign-in, the
 * screen already in it), else index.html. Returns null without a build.
 */
export async function registerWebApp(
  app: FastifyInstance,
  root = path.join(packageRoot(), '..', 'web', 'dist'),
): Promise<SendPage | null> {
  if (!fs.existsSync(path.join(root, 'index.html'))) return null;
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
  const prerendered = prerenderedPages(root);
  return (url, reply) => {
    const pathname = url.split('?')[0]!.replace(/\/+$/, '');
    return reply.type('text/html').sendFile(prerendered.get(pathname) ?? 'index.html');
  };
}

/** `/auth/sign-in` → `auth/sign-in.html`, for every page the build prerendered. */
function prerenderedPages(root: string): Map<string, string> {
  const pages = new Map<string, string>();
  const dir = path.join(root, 'auth');
  if (!fs.existsSync(dir)) return pages;
  for (const name of fs.readdirSync(dir)) {
    if (name.endsWith('.html')) pages.set(`/auth/${name.slice(0, -5)}`, `auth/${name}`);
  }
  return pages;
}
