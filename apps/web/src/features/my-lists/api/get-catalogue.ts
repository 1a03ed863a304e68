import { useQuery } from '@tanstack/react-query';
import {
  allCoursesQueryOptions,
  allSourcesQueryOptions,
  modulesListQueryOptions,
} from '../../../lib/catalogue-lists';

/** Names for the lists (modules, courses, sources). */
export const modulesQueryOptions = modulesListQueryOptions;

export function useCatalogueNames() {
  return {
    modules: useQuery(modulesListQueryOptions),
    courses: useQuery(allCoursesQueryOptions),
    sources: useQuery(allSourcesQueryOptions),
  };
}
