import type { PastPaper } from '@qbank/contract/papers';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { papersQueryOptions, useStartPaper } from '../api/papers';
import { MockExamsSection } from './mock-exams-section';
import '../i18n';
import '../papers.css';

/** The past papers: each with its facts, the caller's attempts and a way to sit it. */
export default function PapersPage() {
  const { t } = useTranslation('papers');
  useDocumentTitle(t('title'));
  const papers = useQuery(papersQueryOptions);
  const start = useStartPaper();
  const navigate = useNavigate();

  const sit = (paper: PastPaper) =>
    start.mutate(paper.id, {
      onSuccess: (attempt) => void navigate(`/papers/attempts/${attempt.id}`),
    });

  return (
    <section className="page" aria-labelledby="papers-title">
      <div className="page-head">
        <h1 id="papers-title">{t('title')}</h1>
      </div>
      <p>{t('intro')}</p>
      <MockExamsSection />
      <h2>{t('title')}</h2>
      {papers.isPending ? <Spinner label={t('loading')} /> : null}
      {papers.isError ? <FormAlert>{t('load-failed')}</FormAlert> : null}
      <FormAlert>
        {start.error instanceof ApiError ? start.error.messages.join(' ') : null}
      </FormAlert>
      {papers.data?.length === 0 ? <p className="empty-state">{t('empty')}</p> : null}
      <ul className="paper-list" aria-label={t('title')}>
        {papers.data?.map((paper) => {
          const open = paper.attempts.find((a) => a.submitted_at === null);
          const done = paper.attempts.filter((a) => a.submitted_at !== null);
          const label = open
            ? t('resume')
            : paper.attempts.length
              ? t('start-practice')
              : t('start-ranked');
          return (
            <li key={paper.id} className="paper-item" data-paper-id={paper.id}>
              <div className="paper-main">
                <h2>
                  {paper.name}
                  {paper.year ? ` (${paper.year})` : ''}
                </h2>
                <p>
                  {t('facts', {
                    module: paper.module.name,
                    count: paper.questions_count,
                    minutes: paper.time_limit_minutes,
                    takers: paper.takers,
                  })}
                </p>
                <p>
                  <span className="paper-tag">{t(`scoring-${paper.scoring}`)}</span>
                </p>
                {done.length ? (
                  <ul className="paper-attempts">
                    {done.map((a) => (
                      <li key={a.id}>
                        <Link to={`/papers/attempts/${a.id}/result`}>
                          {t(a.is_ranked ? 'attempt-ranked' : 'attempt-practice', {
                            score: `${a.score ?? 0}/${paper.questions_count}`,
                          })}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <div className="actions">
                {paper.is_locked ? (
                  <Link className="btn btn-secondary" to="/subscriptions">
                    {t('locked')}
                  </Link>
                ) : (
                  <Button
                    onClick={() => sit(paper)}
                    loading={start.isPending && start.variables === paper.id}
                  >
                    {label}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
