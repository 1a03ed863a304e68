import { MATCH_END, MATCH_START } from '@qbank/contract/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUrlState } from '../../../lib/use-url-state';
import { newExamId, startExam } from '../../exam';
import { startStudyRun } from '../../review';
import {
  BLOCK_MAX,
  blockQuestions,
  SEARCH_PAGE_SIZE,
  startSearchSession,
  useSearchBank,
} from '../api/search-bank';
import '../search.css';
import '../../../lib/i18n-learning';

/** The timed exam's allowance, as a playlist's (decision 034). */
const EXAM_MINUTES_PER_QUESTION = 1.5;

/** The excerpt's matched words (between the server's marks) as <mark>. */
function Excerpt({ text }: { text: string }) {
  const parts = text.split(MATCH_START);
  return (
    <>
      {parts.map((part, i) => {
        if (i === 0) return part;
        const [match, rest] = part.split(MATCH_END);
        return (
          <span key={i}>
            <mark>{match}</mark>
            {rest}
          </span>
        );
      })}
    </>
  );
}

/**
 * Search the bank (issue 33): words of the stem, choices and explanation, accents ignored, in
 * what the learner's plan opens; the words and page live in the address. A block (study with
 * instant correction, or timed exam) starts from the best results.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('search.title'));
  const navigate = useNavigate();
  const { page, text, set } = useUrlState();
  const q = text('q');
  const [draft, setDraft] = useState(q);
  const results = useSearchBank(q, page);
  const [starting, setStarting] = useState<'study' | 'exam' | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const count = results.data?.count ?? 0;
  const blockSize = Math.min(count, BLOCK_MAX);

  function submit(event: FormEvent) {
    event.preventDefault();
    set({ q: draft.trim() || undefined });
  }

  async function start(mode: 'study' | 'exam') {
    setStarting(mode);
    setStartError(null);
    try {
      const questions = await blockQuestions(q);
      if (!questions.length) return;
      if (mode === 'exam') {
        startExam(newExamId(), questions, Math.ceil(questions.length * EXAM_MINUTES_PER_QUESTION));
        void navigate('/exam/run');
        return;
      }
      const title = t('search.block-title', { q });
      const session = await startSearchSession(
        title,
        questions.map((question) => question.id),
      );
      const fresh = questions.map((question) => ({
        ...question,
        last_answer: null,
        correction: null,
      }));
      startStudyRun(fresh, session.id, {
        source: 'search',
        title,
        back: `/search?q=${encodeURIComponent(q)}`,
      });
      void navigate('/review/run');
    } catch {
      setStartError(t('search.start-failed'));
    } finally {
      setStarting(null);
    }
  }

  return (
    <section className="page search-page" aria-labelledby="search-title">
      <h1 id="search-title">{t('search.title')}</h1>
      <form className="search-form" role="search" onSubmit={submit}>
        <label htmlFor="search-words">{t('search.label')}</label>
        <div className="search-row">
          <input
            id="search-words"
            type="search"
            value={draft}
            maxLength={200}
            aria-describedby="search-help"
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button type="submit">{t('search.submit')}</Button>
        </div>
        <p id="search-help" className="field-hint">
          {t('search.help')}
        </p>
      </form>
      {results.isFetching && !results.data ? <Spinner label={t('search.loading')} /> : null}
      {results.isError ? <FormAlert>{t('search.failed')}</FormAlert> : null}
      {q && results.data ? (
        <>
          <div className="search-summary">
            <p role="status">{t('search.count', { count, q })}</p>
            {count > 0 ? (
              <div className="search-block" role="group" aria-label={t('search.block-label')}>
                <Button
                  loading={starting === 'study'}
                  disabled={starting !== null}
                  onClick={() => void start('study')}
                >
                  {t('search.study', { count: blockSize })}
                </Button>
                <Button
                  variant="secondary"
                  loading={starting === 'exam'}
                  disabled={starting !== null}
                  onClick={() => void start('exam')}
                >
                  {t('search.exam', { count: blockSize })}
                </Button>
              </div>
            ) : null}
          </div>
          {count > BLOCK_MAX ? (
            <p className="field-hint">{t('search.block-best', { count: BLOCK_MAX })}</p>
          ) : null}
          {startError ? <FormAlert>{startError}</FormAlert> : null}
          {count === 0 ? (
            <div className="empty-state">
              <p>{t('search.none')}</p>
            </div>
          ) : (
            <ol className="search-results" start={(page - 1) * SEARCH_PAGE_SIZE + 1}>
              {results.data.results.map((hit) => (
                <li key={hit.question.id}>
                  <Link to={`/questions/${hit.question.id}`} className="search-excerpt">
                    <Excerpt text={hit.excerpt} />
                  </Link>
                  <p className="search-place">
                    {hit.module_name} · {hit.course_name}
                  </p>
                </li>
              ))}
            </ol>
          )}
          <Pager
            page={page}
            count={count}
            pageSize={SEARCH_PAGE_SIZE}
            onPage={(next) => set({ page: next })}
          />
        </>
      ) : null}
    </section>
  );
}
