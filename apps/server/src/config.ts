import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Free preview questions per course for learners without a subscription (PRODUCT.md §6). */
  FREE_QUESTIONS_PER_COURSE: z.coerce.number().int().min(0).default(10),
  /** Load the demo bank into an empty database at start. */
  DEMO_BANK: z.enum(['on', 'off']).default('on'),
  /** Secret signing private media URLs; unset: generated once into DATA_DIR. */
  MEDIA_SIGNING_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
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
    logLevel: env.LOG_LEVEL,
    freeQuestionsPerCourse: env.FREE_QUESTIONS_PER_COURSE,
    demoBank: env.DEMO_BANK === 'on',
    mediaSigningKey: env.MEDIA_SIGNING_KEY,
  };
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad variable is named in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}
