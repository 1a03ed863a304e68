import { drfMessages, invalidPk } from '@qbank/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, detailError } from './errors';
import { readForm } from './multipart';

/**
 * The body of a write that carries images (notes, attachment items, reports): a multipart or
 * JSON body read into text fields, the raw uploads of one file field and the ids to remove.
 * Checking, storing and deleting the images is `lib/images.ts`.
 */

export interface ImageForm {
  /** Text fields: a JSON body as sent, or the first value of each multipart field. */
  data: Record<string, unknown>;
  /** Raw uploads of the one allowed file field. */
  files: Buffer[];
  /** `removed_attachment_id`, parsed (see parseRemovedIds). */
  removedIds: number[];
}

/**
 * Reads a JSON or multipart body. A file under any other field name, a broken multipart body or
 * a JSON body that is not an object is a 400; too many or too large files are Fastify's 413.
 */
export async function readImageForm(
  request: FastifyRequest,
  filesField: string,
): Promise<ImageForm> {
  if (!request.isMultipart()) return jsonForm(request.body, filesField);
  let form;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof ApiError || isClientError(error)) throw error;
    throw detailError(400, 'Multipart form parse error.');
  }
  const files: Buffer[] = [];
  for (const file of form.files) {
    if (file.field !== filesField) {
      throw badRequest(file.field, `Unexpected file field; send images as ${filesField}.`);
    }
    files.push(file.data);
  }
  if (form.fields[filesField]) throw badRequest(filesField, 'The submitted data was not a file.');
  const { [REMOVED_FIELD]: removed, ...rest } = form.fields;
  const data = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v[0]]));
  return { data, files, removedIds: parseRemovedIds(removed) };
}

function jsonForm(body: unknown, filesField: string): ImageForm {
  if (body === undefined || body === null) return { data: {}, files: [], removedIds: [] };
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('non_field_errors', drfMessages.invalidData(body));
  }
  const {
    [REMOVED_FIELD]: removed,
    [filesField]: files,
    ...data
  } = body as Record<string, unknown>;
  if (files !== undefined && files !== null && !(Array.isArray(files) && files.length === 0)) {
    throw badRequest(filesField, 'The submitted data was not a file.');
  }
  const list =
    removed === undefined || removed === null ? [] : Array.isArray(removed) ? removed : [removed];
  return {
    data,
    files: [],
    removedIds: parseRemovedIds(list.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))),
  };
}

/** Fastify's own upload errors (file too large, too many files…) carry a 4xx status. */
function isClientError(error: unknown): boolean {
  const status = (error as { statusCode?: number } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export const REMOVED_FIELD = 'removed_attachment_id';
/** Far above what a record holds (10 images); keeps one query's parameters bounded. */
const REMOVED_IDS_MAX = 100;

/**
 * `removed_attachment_id` as a repeated field, a JSON list ("[1,2]") or a comma list ("1,2"),
 * or any mix of them; returns the distinct ids.
 */
export function parseRemovedIds(values: string[] | undefined): number[] {
  const ids = new Set<number>();
  for (const value of values ?? []) {
    const text = value.trim();
    let parts: unknown[];
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        parts = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        throw badRequest(REMOVED_FIELD, 'Expected a list of ids.');
      }
    } else {
      parts = text === '' ? [] : text.split(',');
    }
    for (const part of parts) {
      const raw = typeof part === 'string' ? part.trim() : part;
      const id = typeof raw === 'number' ? raw : /^\d+$/.test(String(raw)) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
        throw badRequest(REMOVED_FIELD, invalidPk(raw));
      }
      ids.add(id);
    }
  }
  if (ids.size > REMOVED_IDS_MAX) {
    throw badRequest(
      REMOVED_FIELD,
      `Ensure this field has no more than ${REMOVED_IDS_MAX} elements.`,
    );
  }
  return [...ids];
}
