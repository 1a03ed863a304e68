import { z } from 'zod';

/**
 * The request boundary's one place for DRF wording (issue 17): every validation message the API
 * sends is one of these, whether a schema names it or the global error map (`drfErrorMap`) picks
 * it for an issue that names none.
 */

/** PostgreSQL's int4: every id column. */
export const INT_MAX = 2_147_483_647;

/** Python's name for a JSON value's type, as DRF prints it in its messages. */
export function pythonType(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'object') return 'dict';
  return typeof value;
}

const codePoint = (unit: number) => unit.toString(16).toUpperCase().padStart(4, '0');

export const drfMessages = {
  required: 'This field is required.',
  null: 'This field may not be null.',
  blank: 'This field may not be blank.',
  invalidInteger: 'A valid integer is required.',
  invalidNumber: 'A valid number is required.',
  invalidString: 'Not a valid string.',
  invalidBoolean: 'Must be a valid boolean.',
  invalidEmail: 'Enter a valid email address.',
  invalidUrl: 'Enter a valid URL.',
  invalidDate: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  invalidDatetime:
    'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
  invalidPk: (value: unknown) => `Invalid pk "${String(value)}" - object does not exist.`,
  incorrectPkType: (value: unknown) =>
    `Incorrect type. Expected pk value, received ${pythonType(value)}.`,
  maxValue: (limit: number | bigint) => `Ensure this value is less than or equal to ${limit}.`,
  minValue: (limit: number | bigint) => `Ensure this value is greater than or equal to ${limit}.`,
  maxLength: (limit: number | bigint) => `Ensure this field has no more than ${limit} characters.`,
  minLength: (limit: number | bigint) => `Ensure this field has at least ${limit} characters.`,
  maxItems: (limit: number | bigint) => `Ensure this field has no more than ${limit} elements.`,
  minItems: (limit: number | bigint) => `Ensure this field has at least ${limit} elements.`,
  emptyList: 'This list may not be empty.',
  notAList: (value: unknown) => `Expected a list of items but got type "${pythonType(value)}".`,
  notADict: (value: unknown) =>
    `Expected a dictionary of items but got type "${pythonType(value)}".`,
  /** The type named as the project's first routes did ("list", "string", "number"). */
  invalidData: (value: unknown) =>
    `Invalid data. Expected a dictionary, but got ${Array.isArray(value) ? 'list' : value === null ? 'null' : typeof value}.`,
  invalidChoice: (value: unknown) =>
    `"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.`,
  nullCharacters: 'Null characters are not allowed.',
  /** `unit` is the first lone surrogate's UTF-16 code unit. */
  surrogateCharacters: (unit: number) =>
    `Surrogate characters are not allowed: U+${codePoint(unit)}.`,
  invalid: 'Invalid value.',
  notAFile: 'The submitted data was not a file. Check the encoding type on the form.',
} as const;

/** DRF's message for a related id that does not exist (or is not the caller's). */
export const invalidPk = drfMessages.invalidPk;

/** The first lone surrogate of a string (its code unit), or undefined if the string is well formed. */
export function loneSurrogate(text: string): number | undefined {
  const match = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(text);
  return match ? match[0].charCodeAt(0) : undefined;
}

/** Text PostgreSQL refuses (NUL, lone surrogates): DRF's message for it, else undefined. */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return drfMessages.nullCharacters;
  const unit = loneSurrogate(text);
  return unit === undefined ? undefined : drfMessages.surrogateCharacters(unit);
}

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

/** Whether the schema (or check) that raised an issue is an integer (z.int(), .int()). */
function isIntegerSchema(issue: Issue): boolean {
  const inst = issue.inst as
    { format?: string | null; _zod?: { bag?: { format?: string } } } | undefined;
  const format = inst?.format ?? inst?._zod?.bag?.format;
  return format === 'safeint' || format === 'int32' || issue.expected === 'int';
}

/**
 * DRF wording for every zod issue that carries no message of its own; set once per process with
 * `z.config({ customError: drfErrorMap })` (the server does at start).
 */
export function drfErrorMap(issue: Issue): string | undefined {
  const input = issue.input;
  if (
    input === undefined &&
    ['invalid_type', 'invalid_value', 'invalid_union'].includes(issue.code ?? '')
  ) {
    return drfMessages.required;
  }
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined) return drfMessages.required;
      if (input === null) return drfMessages.null;
      switch (issue.expected) {
        case 'number':
        case 'int':
        case 'bigint':
          return isIntegerSchema(issue) || issue.expected === 'int'
            ? drfMessages.invalidInteger
            : drfMessages.invalidNumber;
        case 'string':
          return drfMessages.invalidString;
        case 'boolean':
          return drfMessages.invalidBoolean;
        case 'array':
          return drfMessages.notAList(input);
        case 'object':
        case 'record':
        case 'map':
          return drfMessages.notADict(input);
        case 'date':
          return drfMessages.invalidDatetime;
        default:
          return drfMessages.invalid;
      }
    }
    case 'too_big': {
      const max = issue.maximum as number | bigint;
      if (issue.origin === 'string') return drfMessages.maxLength(max);
      if (issue.origin === 'array' || issue.origin === 'set') return drfMessages.maxItems(max);
      if (issue.origin === 'number' && issue.inclusive === false) {
        return isIntegerSchema(issue)
          ? drfMessages.maxValue(Number(max) - 1)
          : drfMessages.maxValue(max);
      }
      return drfMessages.maxValue(max);
    }
    case 'too_small': {
      const min = issue.minimum as number | bigint;
      if (issue.origin === 'string')
        return Number(min) === 1 ? drfMessages.blank : drfMessages.minLength(min);
      if (issue.origin === 'array' || issue.origin === 'set') {
        return Number(min) === 1 ? drfMessages.emptyList : drfMessages.minItems(min);
      }
      if (issue.origin === 'number' && issue.inclusive === false) {
        return isIntegerSchema(issue)
          ? drfMessages.minValue(Number(min) + 1)
          : drfMessages.minValue(min);
      }
      return drfMessages.minValue(min);
    }
    case 'invalid_format':
      if (issue.format === 'email') return drfMessages.invalidEmail;
      if (issue.format === 'url') return drfMessages.invalidUrl;
      if (issue.format === 'date') return drfMessages.invalidDate;
      if (issue.format === 'datetime') return drfMessages.invalidDatetime;
      return drfMessages.invalid;
    case 'invalid_value':
      return drfMessages.invalidChoice(input);
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return drfMessages.invalid;
    default:
      return undefined;
  }
}

/**
 * An id in a path or a query string ("12"): an integer within 1..INT_MAX, so that no value
 * outside int4 ever reaches PostgreSQL. A bad path id answers 404 (the error handler).
 */
export const idSchema = z.coerce
  .number({ error: drfMessages.invalidInteger })
  .int({
    error: (issue) =>
      Number.isInteger(issue.input) ? drfMessages.maxValue(INT_MAX) : drfMessages.invalidInteger,
    abort: true,
  })
  .min(1, { error: drfMessages.minValue(1) })
  .max(INT_MAX, { error: drfMessages.maxValue(INT_MAX) });

/** Multipart fields arrive as text: "12" reads as 12, like DRF's integer fields. */
const numericText = (v: unknown) =>
  typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === '' ? undefined : v;

/**
 * A related object's id in a body (JSON number, or digits as text), DRF's PrimaryKeyRelatedField:
 * an id that cannot exist (0, negative, beyond int4) reads as "Invalid pk", decided before the
 * database.
 */
export const pkSchema = z.preprocess(
  numericText,
  z
    .int({
      error: (issue) =>
        issue.input === undefined
          ? drfMessages.required
          : issue.input === null
            ? drfMessages.null
            : Number.isInteger(issue.input)
              ? invalidPk(issue.input) // beyond 2^53
              : drfMessages.invalidInteger,
      abort: true,
    })
    .min(1, { error: (issue) => invalidPk(issue.input) })
    .max(INT_MAX, { error: (issue) => invalidPk(issue.input) }),
);

/** An id inside a JSON list of related ids: a JSON integer, "Invalid pk" when it cannot exist. */
export const pkItemSchema = z
  .int({
    error: (issue) =>
      Number.isInteger(issue.input) ? invalidPk(issue.input) : drfMessages.invalidInteger,
    abort: true,
  })
  .min(1, { error: (issue) => invalidPk(issue.input) })
  .max(INT_MAX, { error: (issue) => invalidPk(issue.input) });

/** A field name fit to echo in an error body: without NUL and surrogates ('non_field_errors' if empty). */
export const printableFieldName = (name: string) =>
  name.replaceAll('\u0000', '').replace(/[\uD800-\uDFFF]/g, '') || 'non_field_errors';
