import { MISTAKES_STREAK_MAX } from '@qbank/contract/constants';
import type { Scope } from '@qbank/contract/review';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useMistakes } from '../api/get-mistakes';
import { useReviewSettings, useUpdateReviewSettings } from '../../../lib/review-settings';
import '../review.css';
import { LeechActions } from './leech-actions';
import { QuestionLine } from './question-line';
import { ScopeSelect } from './scope-select';
import { useStartRun } from './use-start-run';
import '../../../lib/i18n-learning';

/** The mistakes shelf: every question last answered wrong, leeches pinned; study or timed exam. */
export default function MistakesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [scope, setScope] = useState<Scope>({});
  const mistakes = useMistakes({ page, ...scope });
  const settings = useReviewSettings();
  const { start, starting } = useStartRun();
  const count = mistakes.data?.count ?? 0;
  const streak = settings.data?.mistakes_streak ?? 2;

  return (
    <section className="page review" aria-labelledby="mistakes-title">
      <div className="page-head">
        <h1 id="mistakes-title">{t('review.mistakes-title')}</h1>
        <Link className="btn btn-secondary" to="/review">
          {t('review.title')}
        </Link>
      </div>
      <p>{t('review.mistakes-help', { count: streak })}</p>
      <ScopeSelect
        id="mistakes-scope"
        value={scope}
        onChange={(next) => {
          setScope(next);
          setPage(1);
        }}
      />
      {mistakes.isPending ? <Spinner label={t('review.loading')} /> : null}
      {mistakes.isError ? <FormAlert>{t('review.load-failed')}</FormAlert> : null}
      {mistakes.isSuccess ? (
        <div className="review-summary">
          <p className="review-count">{t('review.mistakes-count', { count })}</p>
          <div className="review-actions">
            <Button
              onClick={() => void start({ source: 'mistakes', mode: 'study', ...scope })}
              loading={starting === 'study'}
              disabled={count === 0 || starting !== null}
            >
              {t('review.study-mistakes')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void start({ source: 'mistakes', mode: 'exam', ...scope })}
              loading={starting === 'exam'}
              disabled={count === 0 || starting !== null}
            >
              {t('review.exam-mistakes')}
            </Button>
          </div>
        </div>
      ) : null}
      {mistakes.isSuccess && count === 0 ? (
        <div className="empty-state">
          <h2>{t('review.mistakes-empty-title')}</h2>
          <p>{t('review.mistakes-empty')}</p>
        </div>
      ) : null}
      <ul className="review-list" aria-label={t('review.mistakes-title')}>
        {mistakes.data?.results.map((m) => (
          <QuestionLine
            key={m.question.id}
            id={m.question.id}
            stem={m.question.stem}
            isLeech={m.is_leech}
          >
            <span>{t('review.streak', { count: m.streak, total: streak })}</span>
            {m.question.clinical_case ? <span>{t('review.clinical-case')}</span> : null}
            {m.is_leech ? <LeechActions question={m.question.id} suspended={m.suspended} /> : null}
          </QuestionLine>
        ))}
      </ul>
      <Pager page={page} count={count} pageSize={20} onPage={setPage} />
      <section className="review-panel" aria-labelledby="streak-title">
        <h2 id="streak-title">{t('review.settings-title')}</h2>
        <StreakForm current={settings.data?.mistakes_streak} />
      </section>
    </section>
  );
}

/** K: right answers in a row that take a question off the shelf. */
function StreakForm({ current }: { current: number | undefined }) {
  const { t } = useTranslation();
  const update = useUpdateReviewSettings();
  const [value, setValue] = useState<string | null>(null);
  const shown = value ?? String(current ?? 2);

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { mistakes_streak: Number(shown) },
      {
        onSuccess: () => {
          setValue(null);
          notify('success', t('review.saved'));
        },
        onError: (error) =>
          notify('error', error instanceof ApiError ? error.message : t('review.save-failed')),
      },
    );
  }

  return (
    <form className="review-setting" onSubmit={save}>
      <label htmlFor="mistakes-streak">{t('review.streak-setting')}</label>
      <div className="review-setting-row">
        <input
          id="mistakes-streak"
          type="number"
          inputMode="numeric"
          min={1}
          max={MISTAKES_STREAK_MAX}
          required
          value={shown}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" variant="secondary" loading={update.isPending}>
          {t('review.save')}
        </Button>
      </div>
    </form>
  );
}
