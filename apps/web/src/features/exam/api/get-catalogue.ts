import { useQuery } from '@tanstack/react-query';
import {
  allCoursesQueryOptions,
  allSourcesQueryOptions,
  modulesListQueryOptions,
} from '../../../lib/catalogue-lists';

/** The whole catalogue for the builder's choices (small plain lists). */
export const examCoursesQueryOptions = allCoursesQueryOptions;

export function useExamCatalogue() {
  return {
    modules: useQuery(modulesListQueryOptions),
    courses: useQuery(allCoursesQueryOptions),
    sources: useQuery(allSourcesQueryOptions),
  };
}
