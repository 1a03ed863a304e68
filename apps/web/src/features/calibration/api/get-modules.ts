import { useQuery } from '@tanstack/react-query';
import { modulesListQueryOptions } from '../../../lib/catalogue-lists';

/** The module names of the report's filter (the catalogue's shared list). */
export function useModules() {
  return useQuery(modulesListQueryOptions);
}
