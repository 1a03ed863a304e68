import { useQuery } from '@tanstack/react-query';
import { modulesListQueryOptions } from '../../../lib/catalogue-lists';

/** The modules, for the exam relevance's choice (the catalogue's shared list). */
export function useStatsModules() {
  return useQuery(modulesListQueryOptions);
}
