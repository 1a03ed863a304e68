import { EXAM_COUNT_MAX, QUESTION_KINDS, type QuestionKind } from '@qbank/contract/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { DifficultyFilter } from '../../stats';
import { LockedNotice } from '../../subscriptions';
import { useExamCatalogue } from '../api/get-catalogue';
import { getExam } from '../api/get-exam';
import { useBlockCounts } from '../api/get-block-counts';
import { startTutorSession } from '../api/start-tutor-session';
import { startStudyRun } from '../../review';
import { useSettings } from '../../../lib/settings';
import { allFlaggedQuestionIds } from '../../player';
import { newExamId, startExam, useExam } from '../exam-store';
import '../exam.css';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-learning';

/** What a choice would leave, beside its label (absent while the first counts load). */
function FacetCount({ count }: { count: number | undefined }) {
  return count === undefined ? null : <span className="facet-count">({count})</span>;
}

/** A fieldset of checkboxes choosing several values (modules, courses, sources, types). */
function CheckGroup<T extends string | number>(props: {
  legend: string;
  hint?: string;
  options: { value: T; label: string; count?: number }[];
  chosen: T[];
  onChange: (chosen: T[]) => void;
}) {
  const { chosen, onChange } = props;
  return (
    <fieldset className="exam-fieldset">
      <legend>{props.legend}</legend>
      {props.hint ? <p className="field-hint">{props.hint}</p> : null}
      <div className="check-grid">
        {props.options.map((o) => (
          <label key={o.value} className="inline-check">
            <input
              type="checkbox"
              checked={chosen.includes(o.value)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...chosen, o.value] : chosen.filter((x) => x !== o.value),
                )
              }
            />
            {o.label}
            <FacetCount count={o.count} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const countsById = (list: { id: number; count: number }[] | undefined) =>
  list ? new Map(list.map((r) => [r.id, r.count])) : undefined;

/** The exam builder: modules, courses, sources, types, count, "only" filters and duration. */
export default function ExamBuilderPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('exam.title'));
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const preset = Number(search.get('module'));
  const { modules, courses, sources } = useExamCatalogue();
  const running = useExam();
  const [chosenModules, setModules] = useState<number[]>(preset > 0 ? [preset] : []);
  const presetCourse = Number(search.get('course'));
  const [chosenCourses, setCourses] = useState<number[]>(presetCourse > 0 ? [presetCourse] : []);
  const [chosenSources, setSources] = useState<number[]>([]);
  const [types, setTypes] = useState<QuestionKind[]>([]);
  const [count, setCount] = useState('20');
  const [duration, setDuration] = useState('20');
  const [only, setOnly] = useState({
    unanswered: false,
    incorrect: false,
    favorite: false,
    flagged: false,
  });
  // Flags live in this browser (decision 040): the builder sends their ids to be counted.
  const [flaggedIds] = useState(allFlaggedQuestionIds);
  const [difficulty, setDifficulty] = useState<number[]>([]);
  const [counted, setCounted] = useState(true);
  // Tutor: corrected after each question, untimed; exam: corrected at the end (issue 33).
  const [mode, setMode] = useState<'tutor' | 'exam'>('exam');
  const settings = useSettings();
  const [randomOrder, setRandomOrder] = useState(settings.randomAnswersOption);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState(0);

  const moduleList = (modules.data ?? []).filter((m) => !m.is_hidden);
  const courseList = (courses.data ?? []).filter(
    (c) => !c.is_hidden && chosenModules.includes(c.module),
  );
  const sourceList = (sources.data ?? []).filter(
    (s) => !s.is_hidden && chosenModules.includes(s.module),
  );
  const filters = {
    modules: chosenModules,
    courses: chosenCourses.filter((c) => courseList.some((x) => x.id === c)),
    sources: chosenSources.filter((s) => sourceList.some((x) => x.id === s)),
    types,
    ...only,
    flaggedIds,
    difficulty,
  };
  const live = useBlockCounts(filters).data;
  const moduleCounts = countsById(live?.modules);
  const courseCounts = countsById(live?.courses);
  const sourceCounts = countsById(live?.sources);
  const difficultyCounts = live
    ? new Map(live.difficulty.map((r) => [r.difficulty, r.count]))
    : undefined;
  const countNumber = Number(count);
  const durationNumber = Number(duration);
  const countError =
    !Number.isInteger(countNumber) || countNumber < 1 || countNumber > EXAM_COUNT_MAX
      ? t('exam.count-invalid', { max: EXAM_COUNT_MAX })
      : null;
  const durationError =
    !Number.isInteger(durationNumber) || durationNumber < 0 || durationNumber > 600
      ? t('exam.duration-invalid')
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (countError || (mode === 'exam' && durationError)) return;
    setLoading(true);
    setError(null);
    setLocked(0);
    const id = newExamId();
    try {
      const exam = await getExam({ ...filters, count: countNumber, seed: id });
      const playable = exam.results.filter((q) => !q.is_locked);
      if (playable.length === 0) {
        // Only locked questions matched: say so, with the free preview and the plans.
        if (exam.results.length > 0) setLocked(exam.results.length);
        else setError(t('exam.none'));
        return;
      }
      if (mode === 'tutor') {
        // A custom session logs and corrects each answer at once; the run ends on the score.
        const title = t('exam.tutor-title');
        const session = await startTutorSession(
          title,
          playable.map((q) => q.id),
        );
        const fresh = playable.map((q) => ({ ...q, last_answer: null, correction: null }));
        startStudyRun(fresh, session.id, { source: 'block', title, back: '/exam', randomOrder });
        void navigate('/review/run');
        return;
      }
      startExam(id, playable, durationNumber, counted, randomOrder);
      void navigate('/exam/run');
    } catch (e) {
      setError(
        e instanceof ApiError && e.messages.length ? e.messages.join(' ') : t('exam.load-failed'),
      );
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="page exam-builder" aria-labelledby="exam-title">
      <div className="page-head">
        <h1 id="exam-title">{t('exam.title')}</h1>
        {running && !running.results ? (
          <Button variant="secondary" onClick={() => void navigate('/exam/run')}>
            {t('exam.continue')}
          </Button>
        ) : null}
      </div>
      <p>{t('exam.intro')}</p>
      {modules.isPending ? <Spinner label={t('exam.loading')} /> : null}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="exam-fieldset">
          <legend>{t('exam.mode')}</legend>
          <div className="check-grid">
            {(['tutor', 'exam'] as const).map((value) => (
              <label key={value} className="inline-check">
                <input
                  type="radio"
                  name="block-mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  aria-describedby={`block-mode-${value}-hint`}
                />
                {t(`exam.mode-${value}`)}
              </label>
            ))}
          </div>
          <p id={`block-mode-${mode}-hint`} className="field-hint">
            {t(`exam.mode-${mode}-hint`)}
          </p>
        </fieldset>
        <CheckGroup
          legend={t('exam.modules')}
          hint={t('exam.modules-hint')}
          options={moduleList.map((m) => ({
            value: m.id,
            label: m.name,
            count: moduleCounts ? (moduleCounts.get(m.id) ?? 0) : undefined,
          }))}
          chosen={chosenModules}
          onChange={setModules}
        />
        {courseList.length > 0 ? (
          <CheckGroup
            legend={t('exam.courses')}
            hint={t('exam.courses-hint')}
            options={courseList.map((c) => ({
              value: c.id,
              label: c.name,
              count: courseCounts ? (courseCounts.get(c.id) ?? 0) : undefined,
            }))}
            chosen={chosenCourses}
            onChange={setCourses}
          />
        ) : null}
        {sourceList.length > 0 ? (
          <CheckGroup
            legend={t('exam.sources')}
            options={sourceList.map((s) => ({
              value: s.id,
              label: s.name,
              count: sourceCounts ? (sourceCounts.get(s.id) ?? 0) : undefined,
            }))}
            chosen={chosenSources}
            onChange={setSources}
          />
        ) : null}
        <CheckGroup
          legend={t('exam.types')}
          options={QUESTION_KINDS.map((type) => ({
            value: type,
            label: t(`exam.type-${type}`),
            count: live?.types[type],
          }))}
          chosen={types}
          onChange={setTypes}
        />
        <fieldset className="exam-fieldset">
          <legend>{t('exam.only')}</legend>
          <div className="check-grid">
            {(['unanswered', 'incorrect', 'favorite', 'flagged'] as const).map((key) => (
              <label key={key} className="inline-check">
                <input
                  type="checkbox"
                  checked={only[key]}
                  onChange={(e) => setOnly({ ...only, [key]: e.target.checked })}
                />
                {t(`exam.only-${key}`)}
                <FacetCount count={live?.only[key]} />
              </label>
            ))}
          </div>
        </fieldset>
        <DifficultyFilter value={difficulty} onChange={setDifficulty} counts={difficultyCounts} />
        <div className="field-row exam-numbers">
          <div className="field">
            <label htmlFor="exam-count">{t('exam.count')}</label>
            <input
              id="exam-count"
              type="number"
              inputMode="numeric"
              min={1}
              max={EXAM_COUNT_MAX}
              value={count}
              onChange={(e) => setCount(e.target.value)}
              aria-invalid={Boolean(countError)}
              aria-describedby="exam-count-error"
            />
            <p id="exam-count-error" className="field-error">
              {countError}
            </p>
          </div>
          {mode === 'exam' ? (
            <div className="field">
              <label htmlFor="exam-duration">{t('exam.duration')}</label>
              <input
                id="exam-duration"
                type="number"
                inputMode="numeric"
                min={0}
                max={600}
                value={duration}
                onChange={(e) => setDuration(e.target.value)}
                aria-invalid={Boolean(durationError)}
                aria-describedby="exam-duration-hint"
              />
              <p id="exam-duration-hint" className={durationError ? 'field-error' : 'field-hint'}>
                {durationError ?? t('exam.duration-hint')}
              </p>
            </div>
          ) : null}
        </div>
        {/* A tutor block's answers are a study session's: always counted. */}
        <fieldset className="exam-fieldset" hidden={mode === 'tutor'}>
          <legend>{t('stats.count-legend')}</legend>
          <div className="check-grid">
            <label className="inline-check">
              <input
                type="checkbox"
                role="switch"
                checked={!counted}
                onChange={(e) => setCounted(!e.target.checked)}
                aria-describedby="exam-dont-count-hint"
              />
              {t('stats.dont-count')}
            </label>
          </div>
          <p id="exam-dont-count-hint" className="field-hint">
            {t('stats.dont-count-hint')}
          </p>
        </fieldset>
        <fieldset className="exam-fieldset">
          <legend>{t('exam.answer-order')}</legend>
          <div className="check-grid">
            <label className="inline-check">
              <input
                type="checkbox"
                checked={randomOrder}
                onChange={(e) => setRandomOrder(e.target.checked)}
              />
              {t('exam.random-order')}
            </label>
          </div>
        </fieldset>
        <p className="block-total" role="status" data-testid="block-total">
          {live
            ? live.total === 0
              ? t('exam.none')
              : t('exam.block-total', {
                  count: live.total,
                  size: Math.min(live.total, countNumber || 0),
                })
            : null}
        </p>
        <FormAlert>{error}</FormAlert>
        {locked > 0 ? <LockedNotice count={locked} /> : null}
        <div className="actions">
          <Button
            type="submit"
            loading={loading}
            disabled={Boolean(
              countError || (mode === 'exam' && durationError) || live?.total === 0,
            )}
          >
            {loading
              ? t('exam.building')
              : mode === 'tutor'
                ? t('exam.start-tutor')
                : t('exam.start')}
          </Button>
        </div>
      </form>
    </section>
  );
}
