import type { Server } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Graceful close (issue 17, decision 031). Returns the function that closes the app:
 * 1. from then on every answer carries `Connection: close`, so a keep-alive connection ends with
 *    the request in flight on it instead of holding the server open until close-with-grace kills
 *    the process (which then never closed the database);
 * 2. after one turn of the event loop (connections the kernel had completed are taken in: closing
 *    the listener resets whatever still waits in its backlog) the listener closes;
 * 3. idle keep-alive connections are closed, but only once the event loop has read what waits on
 *    them (Node closes them at once, and a request the client had sent but a busy event loop had
 *    not parsed yet was lost to a reset);
 * 4. when the last connection has ended, `app.close()` runs the onClose hooks. The caller closes
 *    the database after that: no request can be in flight any more.
 */
export function closeGracefully(app: FastifyInstance): () => Promise<void> {
  let closing = false;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  return async () => {
    closing = true;
    const server = app.server;
    if (server.listening) {
      await nextTurn();
      const ended = new Promise((resolve) => server.once('close', resolve));
      deferIdleClose(server);
      server.close();
      await ended;
    }
    await app.close();
  };
}

function deferIdleClose(server: Server): void {
  const closeIdle = server.closeIdleConnections.bind(server);
  // A check-phase callback runs after the poll phase: requests already sent are parsed (their
  // connection is no longer idle) by then. Repeated until the server has closed, for connections
  // whose answer had started before the close (they have no `Connection: close`).
  const sweep = () => void setImmediate(closeIdle);
  server.closeIdleConnections = sweep;
  const timer = setInterval(sweep, 50);
  server.once('close', () => clearInterval(timer));
  sweep();
}
