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
import { newExamId, startExam, useExam } from '../exam-store';
import '../exam.css';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-learning';

/** A fieldset of checkboxes choosing several values (modules, courses, sources, types). */
function CheckGroup<T extends string | number>(props: {
  legend: string;
  hint?: string;
  options: { value: T; label: string }[];
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
          </label>
        ))}
      </div>
    </fieldset>
  );
}

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
  const [only, setOnly] = useState({ unanswered: false, incorrect: false, favorite: false });
  const [difficulty, setDifficulty] = useState<number[]>([]);
  const [counted, setCounted] = useState(true);
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
    if (countError || durationError) return;
    setLoading(true);
    setError(null);
    setLocked(0);
    const id = newExamId();
    try {
      const exam = await getExam({
        modules: chosenModules,
        courses: chosenCourses.filter((c) => courseList.some((x) => x.id === c)),
        sources: chosenSources.filter((s) => sourceList.some((x) => x.id === s)),
        types,
        count: countNumber,
        ...only,
        seed: id,
        difficulty,
      });
      const playable = exam.results.filter((q) => !q.is_locked);
      if (playable.length === 0) {
        // Only locked questions matched: say so, with the free preview and the plans.
        if (exam.results.length > 0) setLocked(exam.results.length);
        else setError(t('exam.none'));
        return;
      }
      startExam(id, playable, durationNumber, counted);
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
        <CheckGroup
          legend={t('exam.modules')}
          hint={t('exam.modules-hint')}
          options={moduleList.map((m) => ({ value: m.id, label: m.name }))}
          chosen={chosenModules}
          onChange={setModules}
        />
        {courseList.length > 0 ? (
          <CheckGroup
            legend={t('exam.courses')}
            hint={t('exam.courses-hint')}
            options={courseList.map((c) => ({ value: c.id, label: c.name }))}
            chosen={chosenCourses}
            onChange={setCourses}
          />
        ) : null}
        {sourceList.length > 0 ? (
          <CheckGroup
            legend={t('exam.sources')}
            options={sourceList.map((s) => ({ value: s.id, label: s.name }))}
            chosen={chosenSources}
            onChange={setSources}
          />
        ) : null}
        <CheckGroup
          legend={t('exam.types')}
          options={QUESTION_KINDS.map((type) => ({ value: type, label: t(`exam.type-${type}`) }))}
          chosen={types}
          onChange={setTypes}
        />
        <fieldset className="exam-fieldset">
          <legend>{t('exam.only')}</legend>
          <div className="check-grid">
            {(['unanswered', 'incorrect', 'favorite'] as const).map((key) => (
              <label key={key} className="inline-check">
                <input
                  type="checkbox"
                  checked={only[key]}
                  onChange={(e) => setOnly({ ...only, [key]: e.target.checked })}
                />
                {t(`exam.only-${key}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <DifficultyFilter value={difficulty} onChange={setDifficulty} />
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
        </div>
        <fieldset className="exam-fieldset">
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
        <FormAlert>{error}</FormAlert>
        {locked > 0 ? <LockedNotice count={locked} /> : null}
        <div className="actions">
          <Button type="submit" loading={loading} disabled={Boolean(countError || durationError)}>
            {loading ? t('exam.building') : t('exam.start')}
          </Button>
        </div>
      </form>
    </section>
  );
}
