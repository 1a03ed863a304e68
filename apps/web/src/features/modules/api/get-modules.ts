import { useQuery } from '@tanstack/react-query';
import { modulesListQueryOptions } from '../../../lib/catalogue-lists';

/** GET /api/moduls/: the caller's modules with their flags. */
export const modulesQueryOptions = modulesListQueryOptions;

export function useModules() {
  return useQuery(modulesListQueryOptions);
}
