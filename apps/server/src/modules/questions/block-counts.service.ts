import type { BlockCounts, BlockCountsQuery } from '@qbank/contract';
import type { User } from '../../lib/auth';
import { loadAccess, type AccessDeps } from './access';
import { blockCounts as countFacets, type FacetRow } from './block-counts.repository';

const byId = (found: FacetRow[], facet: FacetRow['facet']) =>
  found
    .filter((r) => r.facet === facet)
    .map((r) => ({ id: Number(r.key), count: r.n }))
    .sort((a, b) => a.id - b.id);

/**
 * The builder's live counts (issue 33): what a block with these filters may draw from, and what
 * each other choice would leave. The same questions as `buildExam` draws from: readable by the
 * caller, published, not hidden.
 */
export async function blockCounts(
  deps: AccessDeps,
  user: User,
  query: BlockCountsQuery,
): Promise<BlockCounts> {
  const access = await loadAccess(deps, user);
  const found = await countFacets(deps.db, {
    userId: user.id,
    access,
    moduleIds: query.modules,
    courseIds: query.courses,
    sourceIds: query.sources,
    types: query.types,
    difficulty: query.difficulty,
    unanswered: query.unanswered,
    incorrect: query.incorrect,
    favorite: query.favorite,
    flagged: query.flagged,
    flaggedOnly: query.flagged_only,
  });
  const one = (facet: FacetRow['facet'], key: string | null) =>
    found.find((r) => r.facet === facet && r.key === key)?.n ?? 0;
  return {
    total: one('total', null),
    modules: byId(found, 'module'),
    courses: byId(found, 'course'),
    sources: byId(found, 'source'),
    types: { qcs: one('type', 'qcs'), qcm: one('type', 'qcm') },
    difficulty: byId(found, 'difficulty').map((r) => ({ difficulty: r.id, count: r.count })),
    only: {
      unanswered: one('only', 'unanswered'),
      incorrect: one('only', 'incorrect'),
      favorite: one('only', 'favorite'),
      flagged: one('only', 'flagged'),
    },
  };
}
