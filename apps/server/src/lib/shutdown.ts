import type { Server } from 'node:http';
import type { Socket } from 'node:net';
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
 *    not parsed yet was lost to a reset); so are connections that have not sent a byte (a
 *    browser's preconnect, a client's spare socket), which Node counts as busy, not idle;
 * 4. when the last connection has ended, and the last request has been handled (a request whose
 *    client left is still being handled: its next query would find the database closed),
 *    `app.close()` runs the onClose hooks. The caller closes the database after that: no request
 *    can be in flight any more.
 */
export function closeGracefully(app: FastifyInstance): () => Promise<void> {
  let closing = false;
  const requests = trackRequests(app);
  const connections = trackConnections(app.server);
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
      deferIdleClose(server, connections);
      server.close();
      await ended;
    }
    const left = await requests.handled(HANDLED_WAIT_MS);
    if (left) app.log.warn({ requests: left }, 'closing with requests still being handled');
    await app.close();
  };
}

/**
 * Bounds the wait for requests still being handled: close-with-grace kills at 10 s, and closing
 * the database (PGlite flushes its folder) needs time of its own.
 */
const HANDLED_WAIT_MS = 5_000;

/** A request's progress: its handler has started, its answer is ready, its response has closed. */
interface Handling {
  started: boolean;
  answered: boolean;
  closed: boolean;
  done: boolean;
}
const handling = Symbol('handling');
type Tracked = { [handling]: Handling | null };

/**
 * Counts the requests being handled. One is done when its answer is ready (the last `onSend`
 * hook: the write hooks before it have published) and its response has closed, in either order:
 * a client that leaves closes the response first, and the handler still runs to its end. A
 * request whose client left before its handler started is done at once and never handled: its
 * client may have gone before this hook ran (an earlier one read the database), and Fastify
 * itself never finishes reading the body of such a request, so it would never be answered.
 */
function trackRequests(app: FastifyInstance) {
  let active = 0;
  let onIdle: (() => void) | undefined;
  const settle = (h: Handling) => {
    if (h.done || !h.closed || (h.started && !h.answered)) return;
    h.done = true;
    if (--active === 0) onIdle?.();
  };
  app.decorateRequest(handling, null);
  app.addHook('onRequest', (request, reply, done) => {
    const h: Handling = { started: false, answered: false, closed: false, done: false };
    (request as unknown as Tracked)[handling] = h;
    active++;
    const closed = () => {
      h.closed = true;
      settle(h);
    };
    if (reply.raw.closed) closed();
    else reply.raw.on('close', closed);
    done();
  });
  app.addHook('preHandler', (request, reply, done) => {
    const h = (request as unknown as Tracked)[handling];
    // Its client has left and it is counted as done: nothing may run it now.
    if (h?.done) reply.hijack();
    else if (h) h.started = true;
    done();
  });
  // Added after the write hooks (buildApp registered them): their NOTIFY has gone out.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const h = (request as unknown as Tracked)[handling];
    if (h && !h.answered) {
      h.answered = true;
      settle(h);
    }
    done(null, payload);
  });
  return {
    /** Resolves once no request is being handled, or after `ms`, with how many still are. */
    handled(ms: number): Promise<number> {
      if (active === 0) return Promise.resolve(0);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(active), ms);
        onIdle = () => {
          clearTimeout(timer);
          resolve(0);
        };
      });
    },
  };
}

/** The server's open connections. */
function trackConnections(server: Server): Set<Socket> {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return open;
}

function deferIdleClose(server: Server, connections: Set<Socket>): void {
  const closeIdleKeepAlive = server.closeIdleConnections.bind(server);
  const closeIdle = () => {
    closeIdleKeepAlive();
    // Node waits for a first request on these (its idle list leaves them out), and a client
    // keeps a spare socket open for seconds: the server's close would wait for it.
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  };
  // A check-phase callback runs after the poll phase: requests already sent are parsed (their
  // connection is no longer idle) by then. Repeated until the server has closed, for connections
  // whose answer had started before the close (they have no `Connection: close`).
  const sweep = () => void setImmediate(closeIdle);
  server.closeIdleConnections = sweep;
  const timer = setInterval(sweep, 50);
  server.once('close', () => clearInterval(timer));
  sweep();
}
