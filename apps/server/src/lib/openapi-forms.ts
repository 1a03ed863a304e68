import { REPORT_SCREENSHOT_FIELD } from '@qbank/contract';

/**
 * The parts of the OpenAPI document zod cannot say (issue 32, decision 032): the files of
 * multipart bodies (read by `readForm`, not by the route's zod schema), the fields a multipart
 * body requires, and responses that are files rather than JSON.
 */

type Json = Record<string, unknown>;

const binary = (description: string): Json => ({ type: 'string', format: 'binary', description });
const IMAGE = 'JPEG, PNG or WebP image, at most 5 MB';
const images = (max: number): Json => ({
  type: 'array',
  items: binary(IMAGE),
  maxItems: max,
  description: 'Files, sent as `name` or `name[i]`',
});

interface MultipartForm {
  /** File fields, added to the body's own properties. */
  files?: Record<string, Json>;
  /** Text fields of a route that declares no body schema. */
  fields?: Record<string, Json>;
  required?: string[];
}

const commentEdit: MultipartForm = { files: { attachments: images(10) } };

/** By `method path` as in the document. */
export const MULTIPART_FORMS: Record<string, MultipartForm> = {
  'post /api/comments/': { files: { attachments: images(10) }, required: ['question', 'body'] },
  'patch /api/comments/': commentEdit,
  'patch /api/comments/{id}/': commentEdit,
  'post /api/comments_reply/': {
    files: { attachments: images(10) },
    required: ['comment', 'body'],
  },
  'patch /api/comments_reply/': commentEdit,
  'patch /api/comments_reply/{id}/': commentEdit,
  'post /api/rports/': {
    files: { [REPORT_SCREENSHOT_FIELD]: binary(`Optional screenshot: ${IMAGE}`) },
    required: ['question', 'reason'],
  },
  'post /api/buysubscription/': { required: ['plan', 'payment_reference', 'receipt'] },
  'post /api/staff/imports/': {
    files: { file: binary('The bank file: JSON, CSV, Aiken, GIFT, Moodle XML or QTI zip') },
    fields: {
      format: { type: 'string', description: 'Forces a format instead of guessing it' },
      dry_run: { type: 'string', enum: ['true', 'false'], default: 'true' },
      module: { type: 'string', maxLength: 200, description: 'Module of records that name none' },
    },
    required: ['file'],
  },
  'post /api/staff/media/': { files: { image: binary(IMAGE) }, required: ['image'] },
};

/** Responses that are files, by `method path`. */
export const FILE_RESPONSES: Record<string, Json> = {
  'get /api/staff/mock_exams/{id}/results.csv': {
    description: 'The results of a mock exam, one line per taker, best first',
    headers: {
      'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename' },
    },
    content: { 'text/csv': { schema: binary('rank, percentile, taker, score, submitted_at') } },
  },
  'get /api/staff/exports/': {
    description: 'The bank as an attachment, in the asked format',
    headers: {
      'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename' },
    },
    content: {
      'application/json': { schema: binary('Our JSON format') },
      'text/csv': { schema: binary('One row per question') },
      'application/zip': { schema: binary('A QTI 2.1 package') },
    },
  },
};

/** The object variant of a body schema (bodies that may be absent are `anyOf [object, null]`). */
function objectOf(schema: Json | undefined): Json {
  const variants = (schema?.anyOf as Json[] | undefined) ?? [schema ?? {}];
  return variants.find((v) => v.type === 'object') ?? { type: 'object', properties: {} };
}

/** A body that accepts `null` is optional: the seed's client sends none (e.g. PATCH playlistitems). */
function unwrapOptional(body: { required?: boolean; content?: Record<string, { schema?: Json }> }) {
  for (const media of Object.values(body.content ?? {})) {
    const variants = media.schema?.anyOf as Json[] | undefined;
    if (!variants?.some((v) => v.type === 'null')) continue;
    body.required = false;
    const rest = variants.filter((v) => v.type !== 'null');
    media.schema = rest.length === 1 ? rest[0] : { anyOf: rest };
  }
}

type Body = { required?: boolean; content?: Record<string, { schema?: Json }> };

/** The request body and file responses of one operation, finished. */
export function finishForms(key: string, operation: { requestBody?: Body; responses?: Json }) {
  const form = MULTIPART_FORMS[key];
  if (form) {
    const body = (operation.requestBody ??= { required: true, content: {} });
    const content = (body.content ??= {});
    const own = objectOf(content['multipart/form-data']?.schema);
    content['multipart/form-data'] = {
      schema: {
        ...own,
        type: 'object',
        properties: { ...(own.properties as Json), ...form.fields, ...form.files },
        ...(form.required ? { required: form.required } : {}),
      },
    };
    if (form.required) body.required = true;
  }
  if (operation.requestBody && !form?.required) unwrapOptional(operation.requestBody);
  const file = FILE_RESPONSES[key];
  if (file) (operation.responses ??= {})['200'] = file;
}
