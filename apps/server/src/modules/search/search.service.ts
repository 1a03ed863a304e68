import type { SearchHit, SimilarQuestion } from '@qbank/contract';
import type { User } from '../../lib/auth';
import type { ServiceDeps } from '../../lib/deps';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import { assertQuestionAccess, loadAccess } from '../questions/access';
import { serializeQuestions } from '../questions/questions.service';
import { countMatches, matchPlaces, pageOfMatches, similarTo } from './search.repository';

/** How many "similar questions" a miss offers: a few links, not another list to work through. */
export const SIMILAR_LIMIT = 5;

/** A page of the learner's search: the questions in full, where they sit, why they matched. */
export async function search(
  deps: ServiceDeps,
  user: User,
  query: { q: string; page: number; page_size: number },
): Promise<{ count: number; results: SearchHit[] }> {
  const access = await loadAccess(deps, user);
  const count = await countMatches(deps.db, user.id, query.q, access);
  assertPageExists(query, count);
  const ids = await pageOfMatches(deps.db, user.id, query.q, access, pageWindow(query));
  const [questions, places] = await Promise.all([
    serializeQuestions(deps, user, ids, access),
    matchPlaces(deps.db, ids, query.q),
  ]);
  const placeOf = new Map(places.map((p) => [p.id, p]));
  const results = questions.map((question) => {
    const place = placeOf.get(question.id)!;
    return {
      question,
      module_name: place.module_name,
      course_name: place.course_name,
      excerpt: place.excerpt,
    };
  });
  return { count, results };
}

/** Similar questions to one the caller may read (404 / 403 as for the question itself). */
export async function similarQuestions(
  deps: ServiceDeps,
  user: User,
  id: number,
): Promise<{ results: SimilarQuestion[] }> {
  const { access } = await assertQuestionAccess(deps, user, id);
  return { results: await similarTo(deps.db, user.id, id, access, SIMILAR_LIMIT) };
}
