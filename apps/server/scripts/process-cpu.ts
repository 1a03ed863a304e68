import fs from 'node:fs';
import pg from 'pg';

/**
 * Where an answer's time goes (issue 31): CPU used by the server's processes and by the
 * PostgreSQL backends serving the bench database, read from /proc before and after a run.
 */

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS = 100;

function ticksOf(pid: number): number {
  try {
    // The command name may hold spaces: fields start after its closing parenthesis.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return 0; // exited
  }
}

/** The process and its descendants (the cluster's workers). */
export function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, parent] of parentOf) if (parent === tree[i]) tree.push(pid);
  }
  return tree;
}

/** The PostgreSQL backends connected to `databaseUrl`'s database. */
export async function backendsOf(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

export type CpuReading = Map<number, number>;

export const readCpu = (pids: number[]): CpuReading => new Map(pids.map((p) => [p, ticksOf(p)]));

/**
 * CPU seconds used between two readings; a process first seen in `after` counts whole. One that
 * exited meanwhile reads 0 after: it counts nothing (the pool's idle connections close during a
 * run; counting them as negative once printed "PostgreSQL -258 µs" an answer).
 */
export function cpuSecondsBetween(before: CpuReading, after: CpuReading): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += Math.max(0, now - (before.get(pid) ?? 0));
  return ticks / TICKS;
}
