import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';

type JsonSchema = { [key: string]: unknown };
type Writer = (data: unknown) => string;

/**
 * The response serializer of every route: a writer compiled once per response schema by
 * fast-json-stringify from the contract's zod schema (as JSON Schema). It writes the contract's
 * fields and nothing else — a property the schema does not name is never written, at any depth —
 * without validating the whole answer on every request as zod's parse did (issue 36). A schema
 * that JSON Schema cannot state (a transform, a date) keeps zod's parse-then-stringify.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) =>
  writerOf(route.schema) ?? zodSerializerCompiler(route);

/** Error schemas and shared pages are one object across many routes: compiled once. */
const writers = new WeakMap<object, Writer | null>();

function writerOf(schema: unknown): Writer | null {
  if (!schema || typeof schema !== 'object') return null;
  if (!writers.has(schema)) writers.set(schema, compile(schema as ZodType));
  return writers.get(schema)!;
}

function compile(schema: ZodType): Writer | null {
  let json: JsonSchema;
  try {
    json = toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as JsonSchema;
  } catch {
    return null; // unrepresentable in JSON Schema: zod serializes it
  }
  delete json.$schema;
  return fastJson(forWriting(json) as Parameters<typeof fastJson>[0]) as Writer;
}

/**
 * Two rewrites for the writer, neither changing which fields are written:
 * - `additionalProperties: false` goes: fast-json-stringify ignores unnamed properties anyway,
 *   and it checks a union's branches with that schema, where `false` would reject a row that
 *   carries more columns than the contract (zod strips them; so does the writer).
 * - `anyOf: [X, {type: null}]` (zod's nullable) becomes X with `type: [X's type, 'null']`,
 *   written directly instead of testing each branch per value.
 */
function forWriting(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriting);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = forWriting(value);
  }
  return nullableAsType(out);
}

function nullableAsType(node: JsonSchema): JsonSchema {
  const branches = node.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return node;
  const isNull = (b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1;
  const [a, b] = branches as JsonSchema[];
  const other = isNull(a!) ? b! : isNull(b!) ? a! : null;
  if (!other || typeof other.type !== 'string') return node;
  const { anyOf: _, ...rest } = node;
  return { ...rest, ...other, type: [other.type, 'null'] };
}
