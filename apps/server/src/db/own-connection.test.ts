import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from '../../test/server-database';
import { executeOnOwnConnection, openDatabase, OWN_CONNECTION_NAME } from './client';

// The answer batches' connection of their own (decision 042, ninth follow-up), on a server.
const server = await createServerDatabase({ migrated: false });
const database = await openDatabase({ url: server.url, poolSize: 3, ownIdleMs: 200 });
const { db } = database;
afterAll(async () => {
  await database.close();
  await server.drop();
});

const ownBackends = async () => {
  const result = await db.execute(sql`select pid from pg_stat_activity
    where datname = current_database() and application_name = ${OWN_CONNECTION_NAME}`);
  return (result as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
};

describe('the answers’ own connection', () => {
  it('is one connection for every statement while in use, and closed once unused', async () => {
    const run = () => executeOnOwnConnection<{ n: number }>(db, sql`select 1 as n`);
    expect(await run()).toEqual([{ n: 1 }]);
    const [first] = await ownBackends();
    expect(first).toBeDefined();
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await run();
    }
    expect(await ownBackends()).toEqual([first]); // used every 100 ms: kept
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await ownBackends()).toEqual([]);
    expect(await run()).toEqual([{ n: 1 }]);
    const [second] = await ownBackends();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('keeps its connection when the server refuses a statement', async () => {
    await executeOnOwnConnection(db, sql`select 1`);
    const [before] = await ownBackends();
    await expect(executeOnOwnConnection(db, sql`select 1/0`)).rejects.toThrow(/division by zero/);
    expect(await ownBackends()).toEqual([before]);
  });
});
