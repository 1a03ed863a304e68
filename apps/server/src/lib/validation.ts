import type { z } from 'zod';
import { ApiError } from './errors';

/** Parses data (e.g. multipart fields) with a contract schema; 400 `{field: [messages]}` if bad. */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const body: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    (body[field] ??= []).push(issue.message);
  }
  throw new ApiError(400, body);
}
