import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ChoiceList, QuestionStem, RichText } from '../../../components/question-content';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useQuestion } from '../api/get-question';
import { updateCachedQuestion } from '../api/get-questions';
import { QuestionComments } from '../../comments';
import { QuestionTools, toolOf } from '../../question-tools';
import { formatScore } from './study-question';
import { LockedNotice } from '../../subscriptions';
import '../player.css';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-learning';

/** One question with the caller's last answer and its correction (opened from the history). */
export default function QuestionPage() {
  const { t } = useTranslation();
  const id = Number(useParams().questionId);
  const [search] = useSearchParams();
  useDocumentTitle(t('player.question-title', { id }));
  const question = useQuestion(id);
  const q = question.data;
  const queryClient = useQueryClient();
  const notFound = question.error instanceof ApiError && question.error.status === 404;
  return (
    <section className="page player" aria-labelledby="question-title">
      <div className="page-head">
        <h1 id="question-title">{t('player.question-title', { id })}</h1>
        {q ? (
          <Link className="btn btn-secondary" to={`/courses/${q.course}/study`}>
            {t('player.study-course')}
          </Link>
        ) : null}
      </div>
      {question.isPending ? <Spinner label={t('player.loading')} /> : null}
      {question.isError ? (
        <FormAlert>{notFound ? t('player.not-found') : t('player.load-failed')}</FormAlert>
      ) : null}
      {q && q.is_locked ? <LockedNotice /> : null}
      {q && !q.is_locked ? (
        <article className="question-card" data-question-id={q.id}>
          <QuestionStem question={q} />
          <ChoiceList
            question={q}
            choices={q.choices}
            selected={q.last_answer?.choices ?? []}
            onToggle={() => undefined}
            disabled
            correction={
              q.correction
                ? {
                    correct: q.correction.correct_choices,
                    explanations: q.correction.choice_explanations,
                  }
                : null
            }
            name={`question-${q.id}`}
          />
          {q.last_answer ? (
            <p className="verdict">
              <strong>
                {q.last_answer.is_correct ? t('player.correct') : t('player.incorrect')}
              </strong>{' '}
              <span data-testid="question-score">
                {t('player.score', { score: formatScore(q.last_answer.score) })}
              </span>
            </p>
          ) : (
            <p>{t('player.not-answered')}</p>
          )}
          {q.correction?.explanation ? (
            <RichText text={q.correction.explanation} className="explanation" />
          ) : null}
          <QuestionTools
            question={q}
            initialTool={toolOf(search.get('tool'))}
            onChange={(change) =>
              updateCachedQuestion(queryClient, q.id, (old) => ({ ...old, ...change }))
            }
          />
          <QuestionComments question={q.id} />
        </article>
      ) : null}
    </section>
  );
}
