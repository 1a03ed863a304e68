import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { preloadMarkdown } from '../../../components/question-content';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useCourse } from '../api/get-course';
import { firstUnansweredQueryOptions, useFirstUnanswered } from '../api/get-first-unanswered';
import { PAGE_SIZE, prefetchQuestionPage, useQuestionPage } from '../api/get-questions';
import { useCourseSession } from '../api/open-course-session';
import { HelpOverlay } from './help-overlay';
import { PlayerOptions } from './player-options';
import { StudyQuestion } from './study-question';
import { PauseDialog } from './exam-tools/pause-dialog';
import { StudyNavigator, flaggedPositions, nextFlagged } from './exam-tools/study-navigator';
import { useToolsState } from '../lib/exam-tools-store';
import { usePaused } from '../lib/pause-clock';
import { DifficultyBadge, DifficultySelect } from '../../stats';
import '../player.css';
import { keys } from '../../../lib/api-paths';
import { isPhoneWidth } from '../../../lib/viewport';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-learning';

type Position = { page: number; index: number };

/** Study mode for a course: its questions 10 a page, resumed at the first unanswered one. */
export default function PlayerPage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().courseId);
  const [search, setSearch] = useSearchParams();
  // A difficulty filter lists only those questions, from the first (decision 039).
  const difficulty = search.get('difficulty') ?? '';
  const queryClient = useQueryClient();
  const course = useCourse(courseId);
  const session = useCourseSession(courseId);
  const sessionId = session.data?.id;
  const [position, setPosition] = useState<Position | null>(() => {
    const page = Number(search.get('page'));
    const index = Number(search.get('index') ?? 0);
    return page >= 1 ? { page, index: Math.max(0, Math.min(PAGE_SIZE - 1, index)) } : null;
  });
  const [answered, setAnswered] = useState<number | null>(null);
  const [help, setHelp] = useState(false);
  const [allDone, setAllDone] = useState(false);
  const paused = usePaused();

  // Without a position in the address, the player opens at the first unanswered question.
  const first = useFirstUnanswered(
    courseId,
    position === null && !difficulty ? sessionId : undefined,
  );
  const start = useMemo<Position | null>(() => {
    if (position) return position;
    if (difficulty) return { page: 1, index: 0 };
    if (first.data)
      return first.data.page !== null && first.data.index !== null
        ? { page: first.data.page, index: first.data.index }
        : { page: 1, index: 0 };
    return first.isError ? { page: 1, index: 0 } : null;
  }, [position, difficulty, first.data, first.isError]);
  const finishedAtStart =
    position === null && first.data?.question_id === null && first.data.total > 0;

  const jumpToFirstUnanswered = useCallback(async () => {
    if (sessionId === undefined) return;
    const found = await queryClient.fetchQuery({
      ...firstUnansweredQueryOptions(courseId, sessionId),
      staleTime: 0,
    });
    if (found.page !== null && found.index !== null) {
      setAllDone(false);
      setPosition({ page: found.page, index: found.index });
    } else {
      setAllDone(found.total > 0);
    }
  }, [courseId, queryClient, sessionId]);

  const page = useQuestionPage(
    { course: courseId, session: sessionId, page: start?.page ?? 1, difficulty },
    sessionId !== undefined && start !== null,
  );
  const results = page.data?.results ?? [];
  const count = page.data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(count / PAGE_SIZE));
  useEffect(() => {
    if (page.data) preloadMarkdown(page.data.results);
  }, [page.data]);

  // The neighbouring pages wait in the cache, so moving on never waits for the network.
  useEffect(() => {
    if (!start || sessionId === undefined || !page.data) return;
    if (page.data.next)
      void prefetchQuestionPage(queryClient, {
        course: courseId,
        session: sessionId,
        page: start.page + 1,
        difficulty,
      });
    if (start.page > 1)
      void prefetchQuestionPage(queryClient, {
        course: courseId,
        session: sessionId,
        page: start.page - 1,
        difficulty,
      });
  }, [courseId, page.data, start, queryClient, sessionId, difficulty]);

  // A page that shrank (a hidden question left it) keeps the index in range.
  const index = start ? Math.min(start.index, Math.max(0, results.length - 1)) : 0;
  const question = results[index];
  const absolute = start ? (start.page - 1) * PAGE_SIZE + index + 1 : 0;
  const canNext = absolute < count;
  const canPrevious = absolute > 1;

  // Exam tools: jump to any position (navigator), or to the next flagged one (key J).
  const jumpTo = useCallback((n: number) => {
    setAllDone(false);
    setPosition({ page: Math.ceil(n / PAGE_SIZE), index: (n - 1) % PAGE_SIZE });
  }, []);
  const tools = useToolsState(`session-${sessionId ?? 0}`);
  const toNextFlagged = useCallback(() => {
    const n = nextFlagged(flaggedPositions(tools), absolute);
    if (n !== null) jumpTo(n);
  }, [absolute, jumpTo, tools]);

  const next = useCallback(() => {
    if (start)
      setPosition(
        index + 1 < PAGE_SIZE
          ? { page: start.page, index: index + 1 }
          : { page: start.page + 1, index: 0 },
      );
  }, [start, index]);
  const previous = useCallback(() => {
    if (start)
      setPosition(
        index > 0
          ? { page: start.page, index: index - 1 }
          : { page: start.page - 1, index: PAGE_SIZE - 1 },
      );
  }, [start, index]);

  const answeredCount = answered ?? session.data?.answered ?? 0;
  const onAnswered = useCallback(
    (firstTime: boolean) => {
      if (firstTime) setAnswered((n) => (n ?? session.data?.answered ?? 0) + 1);
    },
    [session.data?.answered],
  );
  const onHidden = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [...keys.questions.pages, courseId] });
  }, [courseId, queryClient]);

  const [phone] = useState(isPhoneWidth);
  const [toolsOpen, setToolsOpen] = useState(!phone);
  const title = course.data?.name ?? t('player.title');
  useDocumentTitle(title);
  const error = course.error ?? session.error ?? page.error;

  const headActions = (
    <div className="player-head-actions">
      <Button
        variant="secondary"
        onClick={() => void jumpToFirstUnanswered()}
        disabled={sessionId === undefined}
      >
        {t('player.first-unanswered')}
      </Button>
      <Button variant="secondary" onClick={() => setHelp(true)} aria-keyshortcuts="?">
        {t('player.shortcuts')}
      </Button>
    </div>
  );

  return (
    <section className="page player" aria-labelledby="player-title">
      <div className="page-head player-head">
        <div>
          <p className="breadcrumb">
            {course.data ? (
              <Link to={`/modules/${course.data.module}`}>{t('player.back-to-module')}</Link>
            ) : null}
          </p>
          <h1 id="player-title">{title}</h1>
        </div>
        {phone ? null : headActions}
      </div>
      {/* On a phone the stem and its choices come first: the tools fold away (issue 33). */}
      <details
        className="player-tools"
        open={toolsOpen}
        onToggle={(e) => setToolsOpen(e.currentTarget.open)}
      >
        <summary>{t('player.tools')}</summary>
        {phone ? headActions : null}
        <PlayerOptions />
        <DifficultySelect
          value={difficulty}
          onChange={(next) => {
            setSearch(next ? { difficulty: next } : {}, { replace: true });
            setPosition({ page: 1, index: 0 });
            setAllDone(false);
          }}
        />
        {start && sessionId !== undefined && results.length > 0 ? (
          <StudyNavigator
            sessionId={sessionId}
            questions={results}
            firstPosition={(start.page - 1) * PAGE_SIZE + 1}
            current={absolute}
            onJump={jumpTo}
          />
        ) : null}
      </details>
      {count > 0 ? (
        <div className="player-progress">
          <p>
            <span data-testid="player-position">
              {t('player.position', { position: absolute, total: count })}
            </span>
            {' · '}
            <span data-testid="player-answered">
              {t('player.answered', { count: answeredCount, total: count })}
            </span>{' '}
            {question ? (
              <DifficultyBadge pageIds={results.map((q) => q.id)} questionId={question.id} />
            ) : null}
          </p>
          <progress max={count} value={answeredCount} aria-label={t('player.progress-label')} />
        </div>
      ) : null}
      {allDone || finishedAtStart ? (
        <p className="alert alert-info">{t('player.all-answered')}</p>
      ) : null}
      {error ? (
        <FormAlert>
          {t('player.load-failed')}{' '}
          <Button variant="link" onClick={() => void page.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : null}
      {!error && (!page.data || page.isPlaceholderData) ? (
        <Spinner label={t('player.loading')} />
      ) : null}
      {page.data && count === 0 ? (
        <div className="empty-state">
          <h2>{t('player.empty-title')}</h2>
          <p>{t('player.empty-text')}</p>
        </div>
      ) : null}
      {question && sessionId !== undefined ? (
        <div hidden={paused}>
          <StudyQuestion
            key={question.id}
            question={question}
            sessionId={sessionId}
            onNext={next}
            onPrevious={previous}
            canNext={canNext && (start?.page ?? 1) <= lastPage}
            canPrevious={canPrevious}
            onAnswered={onAnswered}
            onHidden={onHidden}
            onHelp={() => setHelp(true)}
            position={absolute}
            onNextFlagged={toNextFlagged}
          />
        </div>
      ) : null}
      <PauseDialog />
      <HelpOverlay open={help} onClose={() => setHelp(false)} />
    </section>
  );
}
