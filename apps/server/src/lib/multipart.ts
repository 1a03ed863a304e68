import type { FastifyRequest } from 'fastify';

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
      form.fields[baseName(name)] = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
    }
    return form;
  }
  for await (const part of request.parts()) {
    const name = baseName(part.fieldname);
    if (part.type === 'file') {
      form.files.push({ field: name, filename: part.filename, data: await part.toBuffer() });
    } else {
      (form.fields[name] ??= []).push(String(part.value));
    }
  }
  return form;
}

/** The first value of each field, for zod schemas of flat forms. */
export function firstValues(fields: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? '']));
}
