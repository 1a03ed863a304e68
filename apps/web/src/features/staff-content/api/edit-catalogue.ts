import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffCatalogueKey } from './get-staff-catalogue';
import { itemPath, paths } from '../../../lib/api-paths';

export type CatalogueKind = 'modules' | 'courses' | 'sources';

export type CatalogueEdit =
  | { op: 'create'; kind: CatalogueKind; body: Record<string, unknown> }
  | { op: 'update'; kind: CatalogueKind; id: number; body: Record<string, unknown> }
  | { op: 'reorder'; kind: CatalogueKind; ids: number[] };

/** POST/PATCH /api/staff/{kind}/ and POST /api/staff/{kind}/reorder/. */
export function editCatalogue(edit: CatalogueEdit): Promise<unknown> {
  if (edit.op === 'create')
    return apiRequest(itemPath(paths.staff, edit.kind), { method: 'POST', body: edit.body });
  if (edit.op === 'update')
    return apiRequest(`staff/${edit.kind}/${edit.id}/`, { method: 'PATCH', body: edit.body });
  return apiRequest(itemPath(paths.staff, edit.kind, 'reorder'), {
    method: 'POST',
    body: { ids: edit.ids },
  });
}

export function useEditCatalogue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editCatalogue,
    onSuccess: () => client.invalidateQueries({ queryKey: staffCatalogueKey }),
  });
}
