import { z } from 'zod';
import { pkItemSchema, pkSchema } from './fields';

const id = pkSchema;
const timestamp = z.iso.datetime();

// module_filters: the modules a user chose to study.

export const moduleFilterSchema = z.object({
  id: z.number().int(),
  module: z.number().int(),
  module_name: z.string(),
  created_at: timestamp,
});
export type ModuleFilter = z.infer<typeof moduleFilterSchema>;

export const moduleFilterCreateSchema = z.object({ module: id });
export type ModuleFilterCreate = z.infer<typeof moduleFilterCreateSchema>;

/** DELETE by-module: the filter's id (`moduleFiltre`) or the module's id, in query or body. */
export const moduleFilterDeleteSchema = z.object({
  module: id.optional(),
  moduleFiltre: id.optional(),
});
export type ModuleFilterDelete = z.infer<typeof moduleFilterDeleteSchema>;

// course_filters: per course, the sources its questions are limited to.

export const courseFilterSchema = z.object({
  id: z.number().int(),
  course: z.number().int(),
  course_name: z.string(),
  course_sources: z.array(z.number().int()),
  created_at: timestamp,
});
export type CourseFilter = z.infer<typeof courseFilterSchema>;

const sourceIds = z.array(pkItemSchema).min(1, 'This list may not be empty.').max(200);

export const courseFilterCreateSchema = z.object({ course: id, course_sources: sourceIds });
export type CourseFilterCreate = z.infer<typeof courseFilterCreateSchema>;

export const courseFilterUpdateSchema = z.object({
  course: id.optional(),
  course_sources: sourceIds.optional(),
});
export type CourseFilterUpdate = z.infer<typeof courseFilterUpdateSchema>;

export const courseFilterListQuerySchema = z.object({ course: id.optional() });
