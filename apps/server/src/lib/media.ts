import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notAuthenticated, notFound } from './errors';
import type { MediaSigner } from './media-signing';
import { contentTypeOf } from './object-storage';
import { isPrivateKey, LocalStorage, MEDIA_PREFIX, type Storage } from './storage';

/** The storage key a /media/ request names, or null for a path that is not a plain key. */
function keyOf(request: FastifyRequest): string | null {
  const pathname = request.url.split('?', 1)[0]!.slice(MEDIA_PREFIX.length);
  let key: string;
  try {
    key = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  // Privacy is decided by the key's folder, so the key must be exactly the file's path.
  if (!key || key.includes('\\') || key.includes('\0') || path.posix.normalize(key) !== key)
    return null;
  if (key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.'))
    return null;
  return key;
}

/**
 * Serves uploaded files under /media/ (decision 032): public folders to anyone, private ones only
 * with a valid signature from `Storage.url`. Without one, an anonymous caller gets 401 and a
 * signed-in one 404 (the file may not exist for them). The local folder is served by
 * @fastify/static; object storage is streamed through after the same check (decision 041).
 */
export async function registerMedia(
  app: FastifyInstance,
  storage: Storage,
  signer: MediaSigner,
): Promise<void> {
  await app.register(async (media) => {
    media.addHook('onRequest', async (request, reply) => {
      const key = keyOf(request);
      if (key === null) throw notFound();
      if (!isPrivateKey(key)) {
        reply.header('cache-control', 'public, max-age=0');
        return;
      }
      const query = request.query as Record<string, unknown>;
      const secondsLeft = signer.verify(key, query.expires, query.signature);
      if (secondsLeft !== null) {
        reply.header('cache-control', `private, max-age=${secondsLeft}`);
        return;
      }
      throw request.user ? notFound() : notAuthenticated();
    });
    if (!(storage instanceof LocalStorage)) {
      media.get(`${MEDIA_PREFIX}*`, { schema: { hide: true } }, (request, reply) =>
        sendStored(storage, keyOf(request)!, request, reply),
      );
      return;
    }
    await media.register(fastifyStatic, {
      root: storage.root,
      prefix: MEDIA_PREFIX,
      decorateReply: false,
      index: false,
      serveDotFiles: false,
      cacheControl: false,
    });
  });
}

/** Streams a stored file, answering 304 to a request that names its current ETag. */
async function sendStored(
  storage: Storage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const file = await storage.read(key);
  if (!file) throw notFound();
  if (file.etag) reply.header('etag', file.etag);
  if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
  if (file.etag && request.headers['if-none-match'] === file.etag) {
    file.body.destroy();
    return reply.code(304).send();
  }
  if (file.length !== undefined) reply.header('content-length', file.length);
  return reply.type(contentTypeOf(key)).send(file.body);
}
