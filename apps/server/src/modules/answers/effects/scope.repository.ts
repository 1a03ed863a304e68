import { sql, type SQL } from 'drizzle-orm';

/** `column` is one of `ids` (null: any), as an SQL condition. */
export function among(column: SQL, ids: number[] | null): SQL {
  if (ids === null) return sql`true`;
  return sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;
}
