import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { componentRegistry } from '@qbank/contract';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { finishForms } from './openapi-forms';

/**
 * The OpenAPI document's finishing touches, in one place (decision 032): what Redocly's
 * `recommended` rules ask of every operation, derived from the routes rather than repeated in
 * each of them.
 */

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  security?: Json[];
  parameters?: unknown[];
  requestBody?: Parameters<typeof finishForms>[1]['requestBody'];
  responses?: Record<string, Json>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** drf-spectacular's verbs, so a client generated from the seed's API keeps its method names. */
const ACTIONS: Record<string, string> = {
  post: 'create',
  put: 'update',
  patch: 'partial_update',
  delete: 'destroy',
};

const ERROR_SCHEMAS: Record<string, Json> = {
  DetailError: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
  FieldErrors: {
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
  },
};

const errorBody = (ref: string, description: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});

const isList = (operation: Operation): boolean => {
  const ok = operation.responses?.['200'] as
    { content?: Record<string, { schema?: Json }> } | undefined;
  const schema = ok?.content?.['application/json']?.schema;
  if (!schema) return false;
  const properties = schema.properties as Json | undefined;
  return schema.type === 'array' || Boolean(properties?.results && properties.count);
};

/** `GET /api/moduls/{id}/` → `moduls_retrieve`, `POST /api/auth/login/` → `auth_login_create`. */
function operationIdOf(
  url: string,
  method: string,
  operation: Operation,
  paths: Record<string, Json>,
): string {
  const parts = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const base = parts
    .filter((part) => !part.startsWith('{'))
    .map((part) => part.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, ''))
    .join('_');
  const endsWithId = parts.at(-1)?.startsWith('{') ?? false;
  const action =
    ACTIONS[method] ??
    (method === 'get' ? (!endsWithId && isList(operation) ? 'list' : 'retrieve') : method);
  // `favorites_questions_list` lists already: no doubled word.
  if (base.endsWith(`_${action}`)) return base;
  // A collection-level edit (`PATCH /api/comments/`, the id in the body) next to the item's own.
  const edits = method !== 'get' && method !== 'post';
  const byBody = edits && !endsWithId && paths[`${url}{id}/`]?.[method] ? '_by_body' : '';
  return `${base || 'root'}_${action}${byBody}`;
}

/**
 * Adds a documented 4xx where the route did not say it (the route's own wording wins); answers
 * the error schemas it referred to.
 */
function documentErrors(url: string, operation: Operation): string[] {
  const responses = (operation.responses ??= {});
  const refs: string[] = [];
  const add = (status: string, ref: string, description: string) => {
    if (responses[status]) return;
    responses[status] = errorBody(ref, description);
    refs.push(ref);
  };
  const authenticated = (operation.security ?? []).some(
    (requirement) => Object.keys(requirement).length > 0,
  );
  if (operation.parameters?.length || operation.requestBody) {
    add('400', 'FieldErrors', 'Invalid input: field name (or non_field_errors) → messages');
  }
  add(
    '401',
    'DetailError',
    authenticated
      ? 'No token, or a token that is not valid'
      : 'A token was sent and is not valid (this route needs none)',
  );
  if (url.startsWith('/api/staff/')) add('403', 'DetailError', 'The caller is not staff');
  if (url.includes('{')) add('404', 'DetailError', 'No such record (or not the caller’s)');
  return refs;
}

export function finishDocument(document: Json): Json {
  const used = new Set<string>();
  const referenced = new Set<string>();
  const paths = (document.paths ?? {}) as Record<string, Json>;
  for (const [url, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      // A public operation says so: `security: []` overrides nothing but tells the linter and clients.
      operation.security ??= [];
      const id = operation.operationId ?? operationIdOf(url, method, operation, paths);
      // Generated clients name their functions after these: a clash is a naming rule to fix.
      if (used.has(id)) throw new Error(`operationId ${id} names two operations (${url})`);
      used.add(id);
      finishForms(`${method} ${url}`, operation);
      operation.operationId = id;
      for (const ref of documentErrors(url, operation)) referenced.add(ref);
    }
  }
  if (referenced.size) {
    const components = (document.components ??= {}) as Json;
    const schemas = (components.schemas ??= {}) as Json;
    for (const ref of referenced) schemas[ref] ??= ERROR_SCHEMAS[ref];
  }
  tidyComponents(document);
  return document;
}

const withComponents = createJsonSchemaTransformObject({ schemaRegistry: componentRegistry });

/**
 * The registry yields an input and an output form of every entity; a form no operation refers to
 * (`QuestionInput` when questions are only ever answered) would only clutter generated clients.
 */
function tidyComponents(document: Json): void {
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<
    string,
    Json
  >;
  // zod names each one by `$id` and `$schema`; the document's key already does, for every tool.
  for (const schema of Object.values(schemas)) {
    delete schema.$id;
    delete schema.$schema;
  }
  // A component may be referenced only from another unused one: repeat until none goes.
  for (;;) {
    const text = JSON.stringify(document);
    const unused = Object.keys(schemas).filter(
      (name) => !text.includes(`"#/components/schemas/${name}"`),
    );
    if (unused.length === 0) return;
    for (const name of unused) delete schemas[name];
  }
}

export function swaggerOptions(config: Config): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'QBank API',
        version: '1.0.0',
        description:
          'Question bank and exam practice. Errors are DRF-shaped: `{"detail": …}` or `{"field": ["…"]}`.',
        license: { name: 'Proprietary', url: `${config.publicUrl.replace(/\/+$/, '')}/about` },
      },
      servers: [{ url: config.publicUrl.replace(/\/+$/, ''), description: 'This instance' }],
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Token <key>',
          },
        },
      },
    },
    transform: createJsonSchemaTransform({ schemaRegistry: componentRegistry }),
    transformObject: (documents) =>
      finishDocument(withComponents(documents) as Json) as ReturnType<typeof withComponents>,
  };
}
