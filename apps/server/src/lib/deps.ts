import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Mailer } from './mail';
import type { Storage } from './storage';

/**
 * What services take of the app (types only): the app built in `app.ts` carries all of it, and
 * routes pass it on. Services import this, never `app.ts`, so imports run one way:
 * lib → modules → routes → app (enforced by `.dependency-cruiser.cjs`).
 */
export interface ServiceDeps {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * The whole app, for the few modules that hook into its life (close hooks, a socket): the
 * decorations come from `app.ts`'s declaration of FastifyInstance.
 */
export type App = FastifyInstance;
