import { z } from 'zod';
import { pageQuerySchema, paginated } from './common';
import { questionSchema } from './questions';

export { MATCH_END, MATCH_START } from './constants';

/** GET /api/search/: the learner's full-text search over the bank their plan opens (issue 33). */
export const searchQuerySchema = pageQuerySchema.extend({
  q: z
    .string({ error: 'This field is required.' })
    .transform((v) =>
      [...v]
        .filter((ch) => !'\0\u0002\u0003'.includes(ch))
        .join('')
        .trim(),
    )
    .pipe(
      z
        .string()
        .min(1, { error: 'This field may not be blank.' })
        .max(200, { error: 'Ensure this field has no more than 200 characters.' }),
    )
    .describe(
      'Words of the stem, choices or explanation (web search syntax: "a phrase", -not, or)',
    ),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchHitSchema = z.object({
  question: questionSchema,
  module_name: z.string(),
  course_name: z.string(),
  excerpt: z.string().describe('Where the words were found; each match between U+0002 and U+0003'),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchPageSchema = paginated(searchHitSchema);
export type SearchPage = z.infer<typeof searchPageSchema>;

/** GET /api/questns/{id}/similar/: a few questions close in wording, within the learner's plan. */
export const similarQuestionSchema = z.object({
  id: z.number().int(),
  excerpt: z.string().describe('The start of its text (stem first), as plain text'),
  course_name: z.string(),
  similarity: z.number().describe('Trigram similarity of the whole texts, 0–1'),
});
export type SimilarQuestion = z.infer<typeof similarQuestionSchema>;
export const similarQuestionsSchema = z.object({ results: z.array(similarQuestionSchema) });
export type SimilarQuestions = z.infer<typeof similarQuestionsSchema>;
