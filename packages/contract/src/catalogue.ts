import { z } from 'zod';
import { INT_MAX } from './fields';

/** Query-string pieces shared by the catalogue and the question lists (DRF messages). */
export const queryId = z.coerce
  .number({ error: 'A valid integer is required.' })
  .int({ error: 'A valid integer is required.' })
  .min(1, { error: 'Ensure this value is greater than or equal to 1.' })
  .max(INT_MAX, { error: `Ensure this value is less than or equal to ${INT_MAX}.` });
/** An optional query parameter; an empty value (`?module=`) counts as absent, like django-filter. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * A required id in the query string. Read as text first (so a missing one says "required"),
 * documented as the integer it is, like every other id parameter (issue 32).
 */
export const requiredQueryId = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'This field is required.' : 'A valid integer is required.',
  })
  .transform(Number)
  .pipe(
    z
      .number({ error: 'A valid integer is required.' })
      .int({ error: 'A valid integer is required.' })
      .min(1, { error: 'Ensure this value is greater than or equal to 1.' })
      .max(INT_MAX, { error: `Ensure this value is less than or equal to ${INT_MAX}.` }),
  )
  .meta({ type: 'integer', minimum: 1, maximum: INT_MAX });

/** A module (e.g. "Cardiology") with the caller's progress and marks. */
export const moduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable().describe('URL under /media/, or null'),
  order: z.number().int(),
  courses_count: z.number().int(),
  questions_count: z.number().int(),
  answered_count: z.number().int().describe('Distinct questions the caller answered in sessions'),
  correct_count: z.number().int().describe('Of those, the ones whose last answer was right'),
  is_favorite: z.boolean(),
  is_hidden: z.boolean(),
  is_filtered: z.boolean().describe('The caller chose this module (module_filters)'),
});
export type Module = z.infer<typeof moduleSchema>;

export const courseSchema = z.object({
  id: z.number().int(),
  module: z.number().int(),
  name: z.string(),
  description: z.string(),
  order: z.number().int(),
  questions_count: z.number().int(),
  answered_count: z.number().int(),
  correct_count: z.number().int(),
  is_favorite: z.boolean(),
  is_hidden: z.boolean(),
  course_sources: z
    .array(z.number().int())
    .nullable()
    .describe("The caller's course filter (source ids), or null"),
});
export type Course = z.infer<typeof courseSchema>;

export const sourceSchema = z.object({
  id: z.number().int(),
  module: z.number().int(),
  name: z.string(),
  year: z.number().int().nullable(),
  order: z.number().int(),
  questions_count: z
    .number()
    .int()
    .describe('Questions of the source (in the course, when listed with ?course=)'),
  is_hidden: z.boolean(),
});
export type Source = z.infer<typeof sourceSchema>;

export const courseListQuerySchema = z.object({ module: optionalQuery(queryId) });
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

export const sourceListQuerySchema = z.object({
  module: optionalQuery(queryId),
  course: optionalQuery(queryId).describe('Only sources that have questions in this course'),
});
export type SourceListQuery = z.infer<typeof sourceListQuerySchema>;
