import type { AuditChange } from '@qbank/contract';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Arrays of scalars (tags, modules opened) read best as one value, not item by item. */
const isScalarArray = (v: unknown): v is unknown[] =>
  Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object');

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between two records, by path (`stem`, `choices[1].is_correct`,
 * `plan.price`). Objects and arrays of objects are walked so a reader sees the one choice that
 * changed rather than two JSON blocks; a field only on one side shows `undefined` → null.
 * A creation (before null) lists every field of the new record, a deletion every field gone.
 */
export function fieldChanges(before: unknown, after: unknown, path = ''): AuditChange[] {
  if (same(before, after)) return [];
  if (isPlainObject(before) || isPlainObject(after)) {
    const b = isPlainObject(before) ? before : {};
    const a = isPlainObject(after) ? after : {};
    if ((before !== null && !isPlainObject(before)) || (after !== null && !isPlainObject(after))) {
      return [{ field: path || '(record)', before: before ?? null, after: after ?? null }];
    }
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys.flatMap((k) => fieldChanges(b[k] ?? null, a[k] ?? null, path ? `${path}.${k}` : k));
  }
  if (
    Array.isArray(before) &&
    Array.isArray(after) &&
    !(isScalarArray(before) && isScalarArray(after))
  ) {
    const n = Math.max(before.length, after.length);
    return Array.from({ length: n }, (_, i) =>
      fieldChanges(before[i] ?? null, after[i] ?? null, `${path}[${i}]`),
    ).flat();
  }
  return [{ field: path || '(record)', before: before ?? null, after: after ?? null }];
}
