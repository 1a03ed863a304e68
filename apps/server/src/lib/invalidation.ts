import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { executePrepared, type Database, type Db } from '../db/client';

/**
 * The transport of cache invalidation (decisions 029, 042). The caches themselves and the rule
 * every write follows are in `lib/cache.ts`: read its header before adding a cache or a write.
 *
 * An in-process bus per database handle, bridged across server instances by PostgreSQL
 * LISTEN/NOTIFY. Events: a user's personal question state changed (`user`), question content
 * or the catalogue changed (`content`, with question ids or none for everything), or anything
 * may have changed (`all`: a missed notification, a staff write).
 *
 * `ready` tells the caches whether they may be used: on PGlite (one process) at once; on a
 * PostgreSQL server only while the dedicated listener connection is up (events of other
 * instances could be missed otherwise). Every event bumps `generation` and is remembered (whose
 * data it concerns) among the last `RECENT_EVENTS`; a cache stores what it loaded only if no
 * event concerning that data arrived during the load (`changedSince`), so a load that raced a
 * write never lands, and one learner's answers do not stop everyone else's loads from landing.
 */
export type Invalidation =
  | { kind: 'user'; userId: number }
  /**
   * Only the user's study progress changed (an answer): their account, access and sessions (what
   * an answer needs of them) did not.
   */
  | { kind: 'progress'; userId: number }
  | { kind: 'content'; ids?: number[] }
  | { kind: 'all' };

/** An event as a cache receives it: `remote` when another instance published it. */
export type ReceivedInvalidation = Invalidation & { remote?: boolean };

export const NOTIFY_CHANNEL = 'qbank_cache';
/** `application_name` of the listener connection (visible in pg_stat_activity). */
export const LISTENER_NAME = 'qbank-cache-listener';

/** Events remembered for load guards; a load that outlasts more events than this is not kept. */
const RECENT_EVENTS = 1024;
/** In `recent`: an event that concerns everyone's data (content, catalogue, `all`). */
const EVERYONE = -1;

export class InvalidationBus {
  ready = false;
  /** Tags this instance's notifications: their echo through LISTEN was applied when published. */
  readonly origin = randomBytes(6).toString('base64url');
  generation = 0;
  /** Whose data the last events concerned (a user id or EVERYONE), by generation mod the size. */
  private readonly recent: number[] = new Array<number>(RECENT_EVENTS).fill(EVERYONE);
  /** By the same slot: whether that event was an answer given on this instance. */
  private readonly ownAnswer: boolean[] = new Array<boolean>(RECENT_EVENTS).fill(false);
  /** Notifications received from the listener connection (tests wait on it). */
  received = 0;
  private readonly handlers = new Set<(event: ReceivedInvalidation) => void>();
  /** On a PostgreSQL server: NOTIFY, so that every instance applies the event. */
  notify: ((payload: string) => Promise<void>) | null = null;

  subscribe(handler: (event: ReceivedInvalidation) => void): void {
    this.handlers.add(handler);
  }

  /** Applies an event to this process's caches. */
  apply(event: ReceivedInvalidation): void {
    const concerns = event.kind === 'user' || event.kind === 'progress' ? event.userId : EVERYONE;
    const slot = this.generation % RECENT_EVENTS;
    this.recent[slot] = concerns;
    this.ownAnswer[slot] = event.kind === 'progress' && !event.remote;
    this.generation++;
    for (const handler of this.handlers) handler(event);
  }

  /**
   * Whether an event since `generation` may have changed data of `userId` (undefined: data
   * shared by everyone, which no single user's event changes). `exceptOwnAnswers` leaves out
   * answers given on this instance, for data those answers keep up to date themselves.
   */
  changedSince(generation: number, userId?: number, exceptOwnAnswers = false): boolean {
    if (this.generation - generation > RECENT_EVENTS) return true;
    for (let g = generation; g < this.generation; g++) {
      const slot = g % RECENT_EVENTS;
      const concerns = this.recent[slot];
      if (exceptOwnAnswers && this.ownAnswer[slot]) continue;
      if (concerns === EVERYONE || concerns === userId) return true;
    }
    return false;
  }

  /** Applies an event here and, on a PostgreSQL server, to every instance. Call after commit. */
  async publish(event: Invalidation): Promise<void> {
    this.apply(event);
    if (this.notify) await this.notify(this.tagged(encode(event)));
  }

  /** A notification's text: this instance's origin, then the encoded event. */
  tagged(encoded: string): string {
    return `${this.origin} ${encoded}`;
  }

  /**
   * Applies a notification from the listener, unless it is this instance's own echo. An
   * untagged or unreadable one counts as another instance's.
   */
  receive(payload: string): void {
    this.received++;
    const space = payload.indexOf(' ');
    if (space >= 0 && payload.slice(0, space) === this.origin) return;
    this.apply({ ...decode(payload.slice(space + 1)), remote: true });
  }
}

/** NOTIFY payloads are limited to 8,000 bytes; a long id list becomes "content changed". */
const MAX_PAYLOAD = 7_000;

/** How a `progress` event's text starts; the learner's id follows. */
const PROGRESS = 'p:';

/** An event as a notification's text (at most MAX_PAYLOAD characters). */
export function encode(event: Invalidation): string {
  if (event.kind === 'user') return `u:${event.userId}`;
  if (event.kind === 'progress') return `${PROGRESS}${event.userId}`;
  if (event.kind === 'content') {
    const ids = event.ids ? `c:${event.ids.join(',')}` : 'c:';
    return ids.length > MAX_PAYLOAD ? 'c:' : ids;
  }
  return '*';
}

export function decode(payload: string): Invalidation {
  const [kind, rest = ''] = payload.split(':');
  if (kind === 'u' && /^\d+$/.test(rest)) return { kind: 'user', userId: Number(rest) };
  if (kind === 'p' && /^\d+$/.test(rest)) return { kind: 'progress', userId: Number(rest) };
  if (kind === 'c' && rest === '') return { kind: 'content' };
  if (kind === 'c' && /^\d+(,\d+)*$/.test(rest))
    return { kind: 'content', ids: rest.split(',').map(Number) };
  return { kind: 'all' };
}

/**
 * The `progress` notice of the learner `userId` (SQL) names, for a statement that records
 * answers to send itself: `pg_notify` goes out when the statement commits, so other instances
 * hear of an answer without a NOTIFY statement of its own (decision 042). Undefined where no
 * other process listens (PGlite).
 */
export function progressNotice(db: Db, userId: SQL): SQL | undefined {
  const bus = busFor(db);
  if (!bus.notify) return undefined;
  // The text `publish` sends for a progress event.
  return sql`pg_notify(${NOTIFY_CHANNEL}, ${bus.tagged(PROGRESS)} || ${userId})`;
}

const buses = new WeakMap<Db, InvalidationBus>();

/**
 * The bus of a database handle (every app and tool on the same handle shares it). On a
 * PostgreSQL server, publishing also NOTIFYs, whether or not this process listens: a command
 * line import reaches the running servers.
 */
export function busFor(db: Db): InvalidationBus {
  let bus = buses.get(db);
  if (!bus) {
    bus = new InvalidationBus();
    if ((db as unknown as { $client: unknown }).$client instanceof pg.Pool) {
      bus.notify = batchedNotify(db);
    }
    buses.set(db, bus);
  }
  return bus;
}

/** Question content or catalogue links changed (importer, staff edits). No ids: all. */
export const publishContentChange = (db: Db, ids?: number[]) =>
  busFor(db).publish({ kind: 'content', ids });

/** User `userId`'s favourites, hides, notes, playlists, sessions or answers changed. */
export const publishUserChange = (db: Db, userId: number) =>
  busFor(db).publish({ kind: 'user', userId });

/**
 * NOTIFY, with the payloads of concurrent publishers sent together: while one NOTIFY statement
 * runs, the next ones queue and go as one statement (one commit, one WAL flush, instead of one
 * per write). Each publisher still waits until its own payload was sent.
 */
function batchedNotify(db: Db): (payload: string) => Promise<void> {
  let queue: { payload: string; done: (error?: unknown) => void }[] = [];
  let running = false;
  const flush = async () => {
    running = true;
    while (queue.length) {
      const batch = queue;
      queue = [];
      const texts = [...new Set(batch.map((b) => b.payload))];
      try {
        await executePrepared(
          db,
          sql`select pg_notify(${NOTIFY_CHANNEL}, p) from unnest(${sql.param(texts)}::text[]) p`,
        );
        for (const b of batch) b.done();
      } catch (error) {
        for (const b of batch) b.done(error);
      }
    }
    running = false;
  };
  return (payload) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ payload, done: (error) => (error ? reject(error) : resolve()) });
      if (!running) void flush();
    });
}

/**
 * Bridges the bus of `database` across processes: a dedicated connection LISTENing (reconnected after a drop; the caches are off meanwhile). Returns a stop
 * function. PGlite needs no bridge: the bus is ready at once.
 */
export async function startInvalidationBridge(
  database: Pick<Database, 'db' | 'kind'>,
  options: { retryMs?: number } = {},
): Promise<() => Promise<void>> {
  const bus = busFor(database.db);
  if (database.kind === 'pglite') {
    // One process holds a PGlite database: every writer publishes on this very bus.
    bus.ready = true;
    return async () => {};
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;

  const drop = () => {
    // Events may be missed from now on: the caches are off until the listener is back.
    bus.ready = false;
    bus.apply({ kind: 'all' });
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...pool.options, application_name: LISTENER_NAME });
    next.on('notification', (message) => {
      if (message.channel === NOTIFY_CHANNEL) bus.receive(message.payload ?? '');
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      drop();
      if (!stopped) timer = setTimeout(retry, options.retryMs ?? 1_000);
    });
    await next.connect();
    await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    // Whatever happened before the listener was up is unknown: start from empty caches.
    bus.apply({ kind: 'all' });
    bus.ready = true;
  };
  const retry = () => {
    timer = null;
    connect().catch(() => {
      if (!stopped) timer = setTimeout(retry, options.retryMs ?? 1_000);
    });
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    drop();
    const current = client;
    client = null;
    if (current) await current.end().catch(() => {});
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a learner's write on this route changes (decision 042): 'progress' for routes that
     * only record answers (the caller's token, access and sessions stay cached; the answers'
     * statement notifies other instances itself, `progressNotice`); 'nothing' for a POST that
     * only reads (a staff duplicate check sent as an editor types must not empty every cache);
     * default: the whole user (for staff, everything).
     */
    invalidates?: 'progress' | 'nothing';
  }
}

function eventOf(request: FastifyRequest, user: { id: number; isStaff: boolean }): Invalidation {
  if (user.isStaff) return { kind: 'all' };
  if (request.routeOptions.config.invalidates === 'progress')
    return { kind: 'progress', userId: user.id };
  return { kind: 'user', userId: user.id };
}

/**
 * Starts the bridge with the app and publishes after every write request: the caller's question
 * state changed (any non-GET request of an authenticated user), and for staff everything (staff
 * writes edit questions, choices, cases, sources, courses, modules or other users' records).
 * The hook runs when the handler has returned, i.e. after its transaction committed, and before
 * the response leaves, so the writer's next read is fresh.
 */
export async function invalidationPlugin(app: FastifyInstance): Promise<void> {
  const stop = await startInvalidationBridge(app.database);
  app.addHook('onClose', async () => stop());
  // A callback hook: reads (most requests) pass straight through without a promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const user = request.user;
    if (!user || !WRITE_METHODS.has(request.method)) return done(null, payload);
    if (request.routeOptions.config.invalidates === 'nothing') return done(null, payload);
    const event = eventOf(request, user);
    if (event.kind === 'progress') {
      // The answer's own statement notified the other instances as it committed.
      busFor(app.db).apply(event);
      return done(null, payload);
    }
    busFor(app.db)
      .publish(event)
      .catch((error: unknown) => {
        // The write itself succeeded; the local caches are already cleared.
        request.log.error({ err: error }, 'cache invalidation NOTIFY failed');
      })
      .then(() => done(null, payload));
  });
}
// Hooks apply to every route of the app, not only to this plugin's (what fastify-plugin does).
(invalidationPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
