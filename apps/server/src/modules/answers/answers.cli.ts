import type { Config } from '../../config';
import { openConfiguredDatabase } from '../../db/open';
import { invalidateAll } from '../../lib/cache';
import { checkAggregates } from './lifecycle';
import type { TableDiff } from './lifecycle.repository';

const line = (d: TableDiff) =>
  `${d.table}: ${d.changed} changed, ${d.added} added, ${d.removed} removed`;

/**
 * `repair-aggregates`: recomputes every derived table from the answer history (decision 049)
 * and reports, table by table, the rows that differed; `check` only reports. Exit code 1 when
 * a check finds a difference, so a script can watch for drift.
 */
export async function repairAggregatesCommand(
  config: Config,
  { check }: { check?: boolean },
): Promise<number> {
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const diffs = await checkAggregates(database.db, { dryRun: check === true });
    const drift = diffs.filter((d) => d.added + d.removed + d.changed > 0);
    for (const d of diffs) console.log(line(d));
    if (drift.length === 0) {
      console.log('Every aggregate matches the answer history.');
      return 0;
    }
    if (check) {
      console.log(`${drift.length} table(s) differ from the history; nothing was changed.`);
      return 1;
    }
    // Running servers drop what they cached of the repaired figures.
    await invalidateAll(database.db);
    console.log(`${drift.length} table(s) repaired from the history.`);
    return 0;
  } finally {
    await database.close();
  }
}
