import pg from 'pg';

/**
 * A bench's own PostgreSQL database, dropped and created afresh on the server of DATABASE_URL
 * (or postgres://postgres@127.0.0.1:5432); returns its URL.
 */
export async function freshPostgres(name: string): Promise<string> {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}
