import { printableFieldName, unstorableText } from '@qbank/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, detailError } from './errors';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface ParsedForm {
  /** Every value of each text field, in order (repeated fields and `name[i]` both collect here). */
  fields: Record<string, string[]>;
  files: UploadedFile[];
}

export const MULTIPART_PARSE_ERROR = 'Multipart form parse error.';

/** `images[0]` → `images`, so indexed and repeated field names read the same. */
const baseName = (name: string) => name.replace(/\[\d*\]$/, '');

/**
 * Reads a whole multipart body within the app's upload limits (too many or too large files
 * raise the errors that the error handler turns into 413). A JSON body reads as fields too,
 * so routes that take "JSON or multipart" parse both the same way.
 */
export async function readForm(request: FastifyRequest): Promise<ParsedForm> {
  const form: ParsedForm = { fields: {}, files: [] };
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(body)) {
      const values = Array.isArray(value) ? value : [value];
      form.fields[baseName(name)] = values.map((v) =>
        typeof v === 'string' ? v : JSON.stringify(v),
      );
    }
    return form;
  }
  try {
    for await (const part of request.parts()) {
      const name = baseName(part.fieldname);
      if (part.type === 'file') {
        form.files.push({ field: name, filename: part.filename, data: await part.toBuffer() });
      } else {
        const value = String(part.value);
        // Text PostgreSQL refuses is a 400 on its field, as in a JSON body (decision 030).
        const problem = unstorableText(value) ?? unstorableText(name);
        if (problem) throw badRequest(printableFieldName(name), problem);
        (form.fields[name] ??= []).push(value);
      }
    }
  } catch (error) {
    throw asMultipartError(error);
  }
  return form;
}

/** The first value of each field, for zod schemas of flat forms. */
export function firstValues(fields: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? '']));
}

/**
 * Our own errors and Fastify's upload limits (4xx) pass; anything else the multipart parser
 * throws (no boundary, truncated part, bad header) is the client's malformed body: 400.
 */
function asMultipartError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const status = (error as { statusCode?: number } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return detailError(400, MULTIPART_PARSE_ERROR);
}
