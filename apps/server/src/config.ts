import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('QBank <no-reply@qbank.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  OIDC_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  /** Token-information endpoint naming a token's audience (Google's tokeninfo format). */
  OIDC_TOKENINFO_URL: z.url().default('https://oauth2.googleapis.com/tokeninfo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Free preview questions per course for learners without a subscription (PRODUCT.md §6). */
  FREE_QUESTIONS_PER_COURSE: z.coerce.number().int().min(0).default(10),
  /** Load the demo bank into an empty database at start. */
  DEMO_BANK: z.enum(['on', 'off']).default('on'),
  /** Secret signing private media URLs; unset: generated once into DATA_DIR. */
  MEDIA_SIGNING_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  /** Worker processes (node:cluster); `auto`: one per core. More than 1 needs DATABASE_URL. */
  WORKERS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.union([z.literal('auto'), z.coerce.number().int().min(1).max(256)]).default(1),
  ),
  /** Addresses (or CIDR ranges) of the proxies in front, whose X-Forwarded-For is believed. */
  TRUST_PROXY: optionalText,
  /** Redis holding the rate-limit counters shared by every instance; unset: each process's memory. */
  REDIS_URL: optionalUrl,
  /** S3-compatible object storage for uploaded files; unset: DATA_DIR/media. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Folder the backups are written to (issue 37); unset: DATA_DIR/backups. */
  BACKUP_DIR: optionalText,
  /**
   * Scheduled backups: `off` or an interval such as `24h`, `6h`, `30m`, `2d`. Unset: every 24 h
   * on the embedded database, off on a PostgreSQL server (its own tooling or cron runs them).
   */
  BACKUP_EVERY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^(off|[1-9]\d*[mhd])$/, 'off, or a number followed by m, h or d (e.g. 24h)')
      .optional(),
  ),
  /**
   * A bucket (`name` or `name/prefix`) on the S3_ENDPOINT server that finished backups are
   * uploaded to; BACKUP_DIR is then only where a backup is put together before it goes.
   */
  BACKUP_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[\w.\-/]+)?$/,
      'A bucket name, then an optional /prefix',
    )
    .optional(),
  /** Finished backups kept in BACKUP_DIR (or BACKUP_BUCKET); older ones are deleted after each. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /** Set by npm to the repository root for every script, whichever workspace runs it. */
  npm_config_local_prefix: optionalText,
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = resolveDataDir(env.DATA_DIR, env.npm_config_local_prefix);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    oidcUserinfoUrl: env.OIDC_USERINFO_URL,
    oidcTokeninfoUrl: env.OIDC_TOKENINFO_URL,
    logLevel: env.LOG_LEVEL,
    freeQuestionsPerCourse: env.FREE_QUESTIONS_PER_COURSE,
    demoBank: env.DEMO_BANK === 'on',
    mediaSigningKey: env.MEDIA_SIGNING_KEY,
    workers: env.WORKERS === 'auto' ? os.availableParallelism() : env.WORKERS,
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY,
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      everyMs: backupInterval(env.BACKUP_EVERY ?? (env.DATABASE_URL ? 'off' : '24h')),
      keep: env.BACKUP_KEEP,
      bucket: env.BACKUP_BUCKET ? backupBucket(env) : undefined,
    },
  };
}

/** The backup bucket, on the same S3 server and with the same keys as uploaded files. */
function backupBucket(env: z.infer<typeof envSchema>) {
  const [bucket, ...prefix] = env.BACKUP_BUCKET!.split('/');
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: bucket!,
    prefix: prefix.filter(Boolean).join('/'),
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `24h` → milliseconds; `off` → undefined. */
function backupInterval(every: string): number | undefined {
  if (every === 'off') return undefined;
  return Number(every.slice(0, -1)) * UNIT_MS[every.slice(-1) as keyof typeof UNIT_MS];
}

/**
 * A relative DATA_DIR is taken from the repository root when npm runs the script (as `npm start`
 * does, whichever workspace or folder it is called from), so operator commands run through a
 * workspace find the app's data; run directly with node, from the current folder.
 */
function resolveDataDir(dataDir: string, npmRoot: string | undefined): string {
  return path.resolve(npmRoot ?? process.cwd(), dataDir);
}

/** Where the data lives, in words, for the commands to say which database they used. */
export function describeStorage(config: Config): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `the PostgreSQL database ${url.pathname.slice(1)} on ${url.host}`;
}

export type S3Config = NonNullable<Config['s3']>;

export class ConfigError extends Error {}

/** Parses the environment once; a bad variable is named in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const config = toConfig(parsed.data);
  const problem = crossCheck(config, parsed.data);
  if (problem) throw new ConfigError(`Invalid environment configuration:\n  ${problem}`);
  return config;
}

/** Rules that involve several variables; the message names the variable to fix. */
function crossCheck(config: Config, env: z.infer<typeof envSchema>): string | undefined {
  // PGlite is one process's folder: a second worker could not open it.
  if (config.workers > 1 && !config.databaseUrl)
    return 'WORKERS: more than one worker needs a PostgreSQL server (DATABASE_URL)';
  if (env.S3_ENDPOINT && !env.S3_BUCKET) return 'S3_BUCKET: required with S3_ENDPOINT';
  if (config.s3 && Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    return 'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together';
  return undefined;
}
