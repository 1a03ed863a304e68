import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useSettings } from '../../../lib/settings';
import { QuestionComments } from '../../comments';
import { ChoiceList, QuestionStem, RichText } from '../../../components/question-content';
import { MissClassifier, clearExamTools, formatScore, playAnswerSound } from '../../player';
import { QuestionTools } from '../../question-tools';
import { examCoursesQueryOptions } from '../api/get-catalogue';
import { clearExam, inAnswerOrder, type Exam } from '../exam-store';
import { OthersFigures, useOthersStats } from '../../stats';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-learning';

function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Score and time as the server computed them, per course, then every question with its correction. */
export function ExamResults({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  useDocumentTitle(t('exam.results-title'));
  const navigate = useNavigate();
  const settings = useSettings();
  const courses = useQuery(examCoursesQueryOptions);
  const results = exam.results ?? [];
  const total = results.reduce((sum, r) => sum + r.score, 0);
  const right = results.filter((r) => r.is_correct).length;
  const percent = results.length ? Math.round((total / results.length) * 100) : 0;
  const played = useRef(false);
  const others = useOthersStats(results.map((r) => r.question)).data;

  useEffect(() => {
    if (played.current || !settings.enableSound) return;
    played.current = true;
    playAnswerSound(percent >= 50);
  }, [percent, settings.enableSound]);

  const byCourse = new Map<number, { questions: number; right: number; score: number }>();
  exam.questions.forEach((q, k) => {
    const r = results[k];
    const row = byCourse.get(q.course) ?? { questions: 0, right: 0, score: 0 };
    row.questions += 1;
    row.right += r?.is_correct ? 1 : 0;
    row.score += r?.score ?? 0;
    byCourse.set(q.course, row);
  });
  const courseName = new Map((courses.data ?? []).map((c) => [c.id, c.name]));

  return (
    <section className="page player" aria-labelledby="exam-results-title">
      <div className="page-head">
        <h1 id="exam-results-title">{t('exam.results-title')}</h1>
        <Button
          onClick={() => {
            // The exam's strike-outs, highlights and flags go with it.
            clearExamTools(`exam-${exam.id}`);
            clearExam();
            void navigate('/exam');
          }}
        >
          {t('exam.new')}
        </Button>
      </div>
      <dl className="exam-summary">
        <div>
          <dt>{t('exam.score')}</dt>
          <dd data-testid="exam-score">
            {t('exam.score-value', { score: formatScore(total), total: results.length, percent })}
          </dd>
        </div>
        <div>
          <dt>{t('exam.right')}</dt>
          <dd>{t('exam.right-value', { right, total: results.length })}</dd>
        </div>
        <div>
          <dt>{t('exam.time')}</dt>
          <dd>{duration((exam.finishedAt ?? exam.startedAt) - exam.startedAt)}</dd>
        </div>
      </dl>
      <h2>{t('exam.by-course')}</h2>
      {/* Focusable so a keyboard can scroll it sideways on a narrow screen. */}
      <div className="table-wrap" role="region" aria-label={t('exam.by-course')} tabIndex={0}>
        <table className="exam-table">
          <thead>
            <tr>
              <th scope="col">{t('exam.course')}</th>
              <th scope="col">{t('exam.questions')}</th>
              <th scope="col">{t('exam.right')}</th>
              <th scope="col">{t('exam.score')}</th>
            </tr>
          </thead>
          <tbody>
            {[...byCourse.entries()].map(([course, row]) => (
              <tr key={course}>
                <th scope="row">{courseName.get(course) ?? t('exam.course-n', { id: course })}</th>
                <td>{row.questions}</td>
                <td>{row.right}</td>
                <td>{formatScore(row.score)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{t('exam.review')}</h2>
      <ol className="exam-review">
        {exam.questions.map((q, k) => {
          const r = results[k];
          // The choices and their letters as the learner saw them (the answer kept the order).
          const shown = inAnswerOrder(q.choices, r?.choice_order);
          return (
            <li key={q.id}>
              <article
                className="question-card"
                data-question-id={q.id}
                aria-label={t('exam.position', { position: k + 1, total: exam.questions.length })}
              >
                <p className="verdict">
                  <strong>
                    {t('exam.position', { position: k + 1, total: exam.questions.length })}
                  </strong>{' '}
                  · {r?.is_correct ? t('player.correct') : t('player.incorrect')}{' '}
                  {r ? t('player.score', { score: formatScore(r.score) }) : ''}
                </p>
                <QuestionStem question={q} />
                <ChoiceList
                  question={q}
                  choices={shown}
                  selected={exam.responses_exam[k] ?? []}
                  onToggle={() => undefined}
                  disabled
                  correction={
                    r
                      ? {
                          correct: r.correct_choices,
                          explanations: Object.fromEntries(
                            r.choice_explanations.map((c) => [String(c.id), c.explanation]),
                          ),
                        }
                      : null
                  }
                  name={`review-${q.id}`}
                />
                {r?.explanation ? <RichText text={r.explanation} className="explanation" /> : null}
                {r ? (
                  <OthersFigures
                    stats={others?.get(q.id)}
                    shown={shown}
                    yourTimeMs={exam.time_spent_ms[k] ?? 0}
                  />
                ) : null}
                {settings.classifyMisses && r && !r.is_correct ? (
                  <MissClassifier history={r.id} />
                ) : null}
                <QuestionTools question={q} />
                <QuestionComments question={q.id} showCount={false} />
              </article>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
