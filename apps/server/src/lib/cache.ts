import type { Db } from '../db/client';
import { busFor, type ReceivedInvalidation } from './invalidation';

/**
 * Read caches and their invalidation: THE RULE (decision 042, after 029).
 *
 * 1. Every in-memory cache of database data is made here with `defineCache`: it has a name, an
 *    entry bound (LRU) and an expiry backstop (TTL), and says which invalidation events drop
 *    which of its entries. No module keeps a Map of database rows anywhere else.
 * 2. Every write that changes cached data publishes through `invalidate*` below AFTER its
 *    transaction committed, and before its response leaves:
 *    - a user's own write over HTTP: the invalidation plugin (`lib/invalidation.ts`) publishes
 *      `user` for the caller after every POST/PUT/PATCH/DELETE, and `all` for staff, so a new
 *      write route is covered on day one (the test `cache-invalidation.test.ts` walks every
 *      documented write route and fails on one it has no mapping for);
 *    - a write that changes ANOTHER user's data, or runs outside a signed-in request (provider
 *      sign-in, a purchase decision, re-scoring after a key change, an import, a webhook, a CLI
 *      command, a job), calls `invalidateUsers` / `invalidateContent` / `invalidateAll` itself,
 *      in the service or repository that writes.
 * 3. A cache stores a loaded value only while the bus is ready and no event concerning it
 *    arrived during the load (`loadGuard`: `keepFor(user)` for personal data, `keepShared()` for
 *    content), so a read that raced a write never lands. `loadMissing` / `loadOne` do this, and
 *    share one load among the callers that miss the same entry at once.
 * 4. Events cross instances by PostgreSQL LISTEN/NOTIFY; the TTL heals whatever a lost
 *    notification or a hand-made SQL change leaves behind.
 */

export type { Invalidation } from './invalidation';

/** A map bounded by entries (least recently read dropped first) whose entries expire. */
export class ExpiringLru<K, V> {
  private readonly entries = new Map<
    K,
    { value: V; expires: number; stamp: number; user: number | undefined }
  >();
  /** Counts insertions and refreshes: an entry's `stamp` says how many came after it. */
  private clock = 0;
  /** With `userOf`: each user's keys, so that dropping one user's entries reads only those. */
  private readonly byUser = new Map<number, Set<K>>();

  constructor(
    readonly limit: number,
    readonly ttlMs: number,
    private readonly userOf?: (key: K, value: V) => number,
  ) {}

  /** `now`: the caller's clock reading, when it reads many entries at once. */
  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires <= now) {
      this.delete(key);
      return undefined;
    }
    // Map order is the eviction order. A read moves its entry to the young end only once it
    // has half the bound younger than it: an entry in the younger half cannot be evicted next,
    // and the hot reads (several per request) skip the Map's delete-and-insert.
    if (this.clock - entry.stamp >= this.limit / 2) {
      this.entries.delete(key);
      entry.stamp = ++this.clock;
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  /** When a live entry expires (epoch ms). */
  expiresAt(key: K): number | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expires > Date.now() ? entry.expires : undefined;
  }

  has(key: K): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.expires > Date.now();
  }

  /** Stores `value`; `expires` (epoch ms) shortens the entry's life below the TTL. */
  set(key: K, value: V, expires = Infinity): void {
    this.delete(key);
    const lifetime = Math.min(expires, Date.now() + this.ttlMs);
    const user = this.userOf?.(key, value);
    this.entries.set(key, { value, expires: lifetime, stamp: ++this.clock, user });
    if (user !== undefined) {
      const keys = this.byUser.get(user);
      if (keys) keys.add(key);
      else this.byUser.set(user, new Set([key]));
    }
    while (this.entries.size > this.limit) this.delete(this.entries.keys().next().value!);
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    if (entry.user === undefined) return;
    const keys = this.byUser.get(entry.user);
    keys?.delete(key);
    if (keys?.size === 0) this.byUser.delete(entry.user);
  }

  /** Drops one user's entries (a cache made with `userOf`): reads only theirs. */
  deleteUser(userId: number): void {
    if (!this.userOf) throw new Error('deleteUser needs a cache that knows whose entries are');
    for (const key of this.byUser.get(userId) ?? []) this.entries.delete(key);
    this.byUser.delete(userId);
  }

  clear(): void {
    this.entries.clear();
    this.byUser.clear();
  }

  keys(): K[] {
    return [...this.entries.keys()];
  }

  /** Live entries (tests). */
  list(): [K, V][] {
    const now = Date.now();
    return [...this.entries].filter(([, e]) => e.expires > now).map(([k, e]) => [k, e.value]);
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface CacheDefinition<K, V> {
  /** Entries kept per database handle. */
  limit: number;
  /** Expiry backstop: no entry lives longer, whatever the events. */
  ttlMs: number;
  /**
   * For caches of personal data: the user an entry belongs to. The invalidation test checks
   * that every write drops the writer's (or the touched learners') entries of every such cache.
   */
  userOf?: (key: K, value: V) => number;
  /** Drops what an event makes stale. */
  onEvent: (cache: ExpiringLru<K, V>, event: ReceivedInvalidation) => void;
}

/** The caches of one kind, one per database handle (ids of two databases never mix). */
export interface NamedCache<K, V> {
  readonly name: string;
  readonly definition: CacheDefinition<K, V>;
  of(db: Db): ExpiringLru<K, V>;
  /** The cache of `db` if it was ever used (tests and sizes), without creating it. */
  peek(db: Db): ExpiringLru<K, V> | undefined;
}

const registry = new Map<string, NamedCache<unknown, unknown>>();

export function defineCache<K, V>(
  name: string,
  definition: CacheDefinition<K, V>,
): NamedCache<K, V> {
  if (registry.has(name)) throw new Error(`Cache "${name}" is defined twice.`);
  const perDb = new WeakMap<Db, ExpiringLru<K, V>>();
  const named: NamedCache<K, V> = {
    name,
    definition,
    of(db) {
      let cache = perDb.get(db);
      if (!cache) {
        const { limit, ttlMs, userOf } = definition;
        const created = new ExpiringLru<K, V>(limit, ttlMs, userOf);
        busFor(db).subscribe((event) => definition.onEvent(created, event));
        perDb.set(db, (cache = created));
      }
      return cache;
    },
    peek: (db) => perDb.get(db),
  };
  registry.set(name, named as NamedCache<unknown, unknown>);
  return named;
}

/** `onEvent` of a cache of content shared by everyone: content and `all` events empty it. */
export function dropOnContent<K, V>(cache: ExpiringLru<K, V>, event: ReceivedInvalidation): void {
  if (event.kind === 'content' || event.kind === 'all') cache.clear();
}

/** Every cache defined so far, by name. */
export const definedCaches = (): ReadonlyMap<string, NamedCache<unknown, unknown>> => registry;

/**
 * For a load that may be cached: after the load, `keepShared()` or `keepFor(user)` says whether
 * the result may be stored (the bus is ready and no event concerning it arrived since the guard
 * was taken; another user's event does not count, so a busy bank's answers leave loads alone).
 */
export function loadGuard(db: Db): LoadGuard {
  const bus = busFor(db);
  const generation = bus.generation;
  return {
    keepShared: () => bus.ready && !bus.changedSince(generation),
    keepFor: (userId) => bus.ready && !bus.changedSince(generation, userId),
    keepAnsweredFor: (userId) => bus.ready && !bus.changedSince(generation, userId, true),
  };
}

export interface LoadGuard {
  /** For data shared by everyone (content, catalogue): no content or `all` event since. */
  keepShared(): boolean;
  /** For one user's data: no event of theirs, nor a content or `all` event, since. */
  keepFor(userId: number): boolean;
  /**
   * For one user's data that their answers on this instance keep up to date as they commit
   * (the cards answers remember): as `keepFor`, but those answers do not count.
   */
  keepAnsweredFor(userId: number): boolean;
}

/** Whose data an entry is: a user's (their events count) or everyone's (content, catalogue). */
export type Owner = number | 'shared';

const holds = (guard: LoadGuard, owner: Owner): boolean =>
  owner === 'shared' ? guard.keepShared() : guard.keepFor(owner);

/** A load under way: the guard taken when it began, and each of its keys' values to come. */
interface Flight {
  guard: LoadGuard;
  value: Promise<unknown>;
}

const flightsByCache = new WeakMap<object, Map<unknown, Flight>>();

/**
 * The values of `keys` (entries the caller did not find in `cache`), loaded once for every
 * caller that asks while the load runs: the readers of an entry just dropped (a course many
 * learners read, after a staff edit; an instance's first requests) no longer each run the same
 * queries.
 * - A caller joins a running load only while that load's guard still holds for `owner`, so a
 *   read after a write never gets what was read before it (rule 3 above).
 * - The result is kept on the same condition; `expires` shortens an entry's life below the TTL.
 * - A key `load` leaves out has no value (not stored; absent from the result).
 */
export async function loadMissing<K, V>(
  db: Db,
  cache: ExpiringLru<K, V>,
  keys: K[],
  owner: Owner,
  load: (keys: K[]) => Promise<Map<K, V>>,
  expires?: (value: V) => number,
): Promise<Map<K, V>> {
  let flights = flightsByCache.get(cache);
  if (!flights) flightsByCache.set(cache, (flights = new Map()));
  const waiting: { key: K; value: Promise<unknown> }[] = [];
  const unloaded: K[] = [];
  for (const key of keys) {
    const flight = flights.get(key);
    if (flight && holds(flight.guard, owner)) waiting.push({ key, value: flight.value });
    else unloaded.push(key);
  }
  if (unloaded.length) {
    const guard = loadGuard(db);
    const loaded = load(unloaded).then((values) => {
      if (holds(guard, owner))
        for (const [key, value] of values) cache.set(key, value, expires?.(value));
      return values;
    });
    for (const key of unloaded) {
      const value = loaded.then((values) => values.get(key));
      flights.set(key, { guard, value });
      waiting.push({ key, value });
    }
    const landed = () => {
      for (const key of unloaded) if (flights.get(key)?.guard === guard) flights.delete(key);
    };
    loaded.then(landed, landed);
  }
  const values = await Promise.all(waiting.map((w) => w.value));
  const found = new Map<K, V>();
  waiting.forEach(({ key }, i) => {
    if (values[i] !== undefined) found.set(key, values[i] as V);
  });
  return found;
}

/**
 * The values of `keys`: those `cache` holds, and the rest loaded together (`loadMissing`). No
 * readiness check is needed: while the bus is not ready the caches are empty and keep nothing.
 */
export async function readThrough<K, V>(
  db: Db,
  cache: ExpiringLru<K, V>,
  keys: Iterable<K>,
  owner: Owner,
  load: (keys: K[]) => Promise<Map<K, V>>,
): Promise<Map<K, V>> {
  const found = new Map<K, V>();
  const missing: K[] = [];
  const now = Date.now(); // one clock reading for all: a page's ten cost ~1 µs
  for (const key of keys) {
    const hit = cache.get(key, now);
    if (hit !== undefined) found.set(key, hit);
    else missing.push(key);
  }
  if (!missing.length) return found;
  for (const [key, value] of await loadMissing(db, cache, missing, owner, load))
    found.set(key, value);
  return found;
}

/** `loadMissing` of one key whose load always finds a value. */
export async function loadOne<K, V>(
  db: Db,
  cache: ExpiringLru<K, V>,
  key: K,
  owner: Owner,
  load: () => Promise<V>,
  expires?: (value: V) => number,
): Promise<V> {
  const loaded = await loadMissing(
    db,
    cache,
    [key],
    owner,
    async () => new Map([[key, await load()]]),
    expires,
  );
  return loaded.get(key) as V;
}

/** Whether caches may be read now (on PostgreSQL: the listener is up). */
export const cachesReady = (db: Db): boolean => busFor(db).ready;

/** Above this many users, one `all` event is cheaper than one event per user. */
const MAX_USER_EVENTS = 100;

/** These users' personal data, access, account or token changed. Call after commit. */
export async function invalidateUsers(db: Db, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length > MAX_USER_EVENTS) return invalidateAll(db);
  for (const userId of ids) await busFor(db).publish({ kind: 'user', userId });
}

/** Question content or the catalogue changed (no ids: all of it). Call after commit. */
export async function invalidateContent(db: Db, questionIds?: number[]): Promise<void> {
  await busFor(db).publish({ kind: 'content', ids: questionIds });
}

/** Anything may have changed. Call after commit. */
export async function invalidateAll(db: Db): Promise<void> {
  await busFor(db).publish({ kind: 'all' });
}
