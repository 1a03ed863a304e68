import type { HistoryCreate, HistoryCreated } from '@qbank/contract/history';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

export type ExamAnswer = Omit<HistoryCreate, 'mode'>;

/** POST /api/question_answer_history/ in exam mode: the server scores the answer. */
export function submitExamAnswer(answer: ExamAnswer): Promise<HistoryCreated> {
  return apiRequest<HistoryCreated>(paths.history, {
    method: 'POST',
    body: { ...answer, mode: 'exam' } satisfies HistoryCreate,
  });
}

/** Every answer, a few at a time; `onProgress` counts the saved ones. Results keep the input order. */
export async function submitExam(
  answers: ExamAnswer[],
  onProgress: (done: number) => void,
): Promise<HistoryCreated[]> {
  const results: HistoryCreated[] = new Array(answers.length);
  let next = 0;
  let done = 0;
  async function worker() {
    while (next < answers.length) {
      const i = next;
      next += 1;
      results[i] = await submitExamAnswer(answers[i]!);
      done += 1;
      onProgress(done);
    }
  }
  await Promise.all(Array.from({ length: Math.min(4, answers.length) }, worker));
  return results;
}
