import { z } from 'zod';
import { CONFIDENCE_LEVELS, MISS_CLASSES } from './confidence-values';
import { pkSchema } from './fields';

export { CONFIDENCE_LEVELS, MISS_CLASSES };
export type { Confidence, MissClass } from './confidence-values';

/** Optional on an answer: sure / unsure / guess, or null when the learner was not asked. */
export const confidenceSchema = z.enum(CONFIDENCE_LEVELS).nullable().optional();
export const missClassSchema = z.enum(MISS_CLASSES);

/** PATCH /api/question_answer_history/:id/: classify a miss (null clears the class). */
export const missClassUpdateSchema = z.object({ miss_class: missClassSchema.nullable() });
export type MissClassUpdate = z.input<typeof missClassUpdateSchema>;

export const missClassifiedSchema = z.object({
  id: z.number().int(),
  question: z.number().int(),
  is_correct: z.boolean(),
  confidence: z.enum(CONFIDENCE_LEVELS).nullable(),
  miss_class: missClassSchema.nullable(),
});
export type MissClassified = z.infer<typeof missClassifiedSchema>;

/** Both reports can be narrowed to one module or course. */
export const learningReportQuerySchema = z.object({
  module: pkSchema.optional(),
  course: pkSchema.optional(),
});
export type LearningReportQuery = z.infer<typeof learningReportQuerySchema>;

/** One confidence level: how many answers said so and how many of those were right. */
export const calibrationRowSchema = z.object({
  confidence: z.enum(CONFIDENCE_LEVELS),
  answers: z.number().int(),
  correct: z.number().int(),
  wrong: z.number().int(),
  /** correct / answers, 0–1; null when there is no answer at this level. */
  share_correct: z.number().nullable(),
});

/** An answer given as "sure" that was wrong: the most useful line of the report. */
export const sureButWrongSchema = z.object({
  id: z.number().int(),
  question: z.object({
    id: z.number().int(),
    stem: z.string(),
    course: z.number().int(),
    module: z.number().int(),
  }),
  miss_class: missClassSchema.nullable(),
  created_at: z.iso.datetime(),
});

export const calibrationReportSchema = z.object({
  /** The newest "sure but wrong" answers (at most 50), listed first on the screen. */
  sure_but_wrong: z.array(sureButWrongSchema),
  sure_but_wrong_count: z.number().int(),
  /** One row per level, in the order sure, unsure, guess. */
  levels: z.array(calibrationRowSchema),
  /** Answers given without a confidence. */
  unrated: z.number().int(),
});
export type CalibrationReport = z.infer<typeof calibrationReportSchema>;

/** The misses of one module, by class. */
export const missClassRowSchema = z.object({
  module: z.object({ id: z.number().int(), name: z.string() }),
  knowledge: z.number().int(),
  misread: z.number().int(),
  reasoning: z.number().int(),
  timing: z.number().int(),
  unclassified: z.number().int(),
  misses: z.number().int(),
});

export const missClassReportSchema = z.object({
  /** Modules with at least one miss, most misses first. */
  modules: z.array(missClassRowSchema),
  totals: missClassRowSchema.omit({ module: true }),
});
export type MissClassReport = z.infer<typeof missClassReportSchema>;
