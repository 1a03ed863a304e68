import { useQuery } from '@tanstack/react-query';
import { allCoursesQueryOptions, modulesListQueryOptions } from '../../../lib/catalogue-lists';

/** Module and course names for the filters and the entries (small plain lists). */
export function useHistoryCatalogue() {
  return {
    modules: useQuery(modulesListQueryOptions),
    courses: useQuery(allCoursesQueryOptions),
  };
}
