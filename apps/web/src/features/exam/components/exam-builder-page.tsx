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

function toggleIn(list: number[], id: number, on: boolean) {
  return on ? [...list, id] : list.filter((x) => x !== id);
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
        <fieldset className="exam-fieldset">
          <legend>{t('exam.modules')}</legend>
          <p className="field-hint">{t('exam.modules-hint')}</p>
          <div className="check-grid">
            {moduleList.map((m) => (
              <label key={m.id} className="inline-check">
                <input
                  type="checkbox"
                  checked={chosenModules.includes(m.id)}
                  onChange={(e) => setModules(toggleIn(chosenModules, m.id, e.target.checked))}
                />
                {m.name}
              </label>
            ))}
          </div>
        </fieldset>
        {courseList.length > 0 ? (
          <fieldset className="exam-fieldset">
            <legend>{t('exam.courses')}</legend>
            <p className="field-hint">{t('exam.courses-hint')}</p>
            <div className="check-grid">
              {courseList.map((c) => (
                <label key={c.id} className="inline-check">
                  <input
                    type="checkbox"
                    checked={chosenCourses.includes(c.id)}
                    onChange={(e) => setCourses(toggleIn(chosenCourses, c.id, e.target.checked))}
                  />
                  {c.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {sourceList.length > 0 ? (
          <fieldset className="exam-fieldset">
            <legend>{t('exam.sources')}</legend>
            <div className="check-grid">
              {sourceList.map((s) => (
                <label key={s.id} className="inline-check">
                  <input
                    type="checkbox"
                    checked={chosenSources.includes(s.id)}
                    onChange={(e) => setSources(toggleIn(chosenSources, s.id, e.target.checked))}
                  />
                  {s.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <fieldset className="exam-fieldset">
          <legend>{t('exam.types')}</legend>
          <div className="check-grid">
            {QUESTION_KINDS.map((type) => (
              <label key={type} className="inline-check">
                <input
                  type="checkbox"
                  checked={types.includes(type)}
                  onChange={(e) =>
                    setTypes(e.target.checked ? [...types, type] : types.filter((x) => x !== type))
                  }
                />
                {t(`exam.type-${type}`)}
              </label>
            ))}
          </div>
        </fieldset>
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
