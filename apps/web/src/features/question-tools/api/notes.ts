import type { NoteItem, NoteItemCreate, NoteItemDetail } from '@qbank/contract/personal';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';
import { itemPath, keys, paths } from '../../../lib/api-paths';

/** GET /api/questnotesitems/?question=: the caller's notes on one question, with their images. */
export const questionNotesQueryOptions = (question: number) =>
  queryOptions({
    queryKey: [...keys.notes, 'question', question],
    queryFn: () => apiRequest<NoteItemDetail[]>(paths.questionNotes, { query: { question } }),
  });

export function useQuestionNotes(question: number) {
  return useQuery(questionNotesQueryOptions(question));
}

export type NoteDraft = {
  content: NoteItemCreate['content'];
  files: File[];
  removed?: number[];
  onProgress?: (fraction: number) => void;
};

function noteForm({ content, files, removed = [] }: NoteDraft, question?: number): FormData {
  const form = new FormData();
  if (question !== undefined) form.append('question', String(question));
  form.append('content', content);
  files.forEach((file, i) => form.append(`noteItem_attachments[${i}]`, file));
  for (const id of removed) form.append('removed_attachment_id', String(id));
  return form;
}

/** POST /api/noteitemsdetail/ (multipart with noteItem_attachments[i]). */
export function createNote(question: number, draft: NoteDraft) {
  return apiUpload<NoteItemDetail>(paths.noteItemsDetail, noteForm(draft, question), {
    onProgress: draft.onProgress,
  });
}

/** PATCH /api/noteitemsdetail/{id}/ (multipart; new images, removed_attachment_id list). */
export function updateNote(id: number, draft: NoteDraft) {
  return apiUpload<NoteItemDetail>(itemPath(paths.noteItemsDetail, id), noteForm(draft), {
    method: 'PATCH',
    onProgress: draft.onProgress,
  });
}

/** DELETE /api/noteitems/{id}/. */
export function deleteNote(id: number) {
  return apiRequest<NoteItem>(itemPath(paths.noteItems, id), { method: 'DELETE' });
}

/** The three note writes; each refreshes the question's notes and the notebook lists. */
export function useNoteMutations(question: number, onCount: (count: number) => void) {
  const queryClient = useQueryClient();
  const key = questionNotesQueryOptions(question).queryKey;
  const settle = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    onCount(queryClient.getQueryData(key)?.length ?? 0);
    void queryClient.invalidateQueries({ queryKey: keys.myLists.notes });
  };
  return {
    create: useMutation({
      mutationFn: (draft: NoteDraft) => createNote(question, draft),
      onSuccess: settle,
    }),
    update: useMutation({
      mutationFn: ({ id, draft }: { id: number; draft: NoteDraft }) => updateNote(id, draft),
      onSuccess: settle,
    }),
    remove: useMutation({ mutationFn: deleteNote, onSuccess: settle }),
  };
}
