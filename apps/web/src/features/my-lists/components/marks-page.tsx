import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useCatalogueMarks, useRemoveCatalogueMark } from '../api/catalogue-marks';
import { useCatalogueNames } from '../api/get-catalogue';
import { usePersonalQuestions, type PersonalList } from '../api/get-personal-questions';
import { useRemoveQuestionMark } from '../api/remove-question-mark';
import '../i18n';
import '../my-lists.css';
import { Pager } from '../../../components/ui/pager';
import { LIST_PAGE_SIZE } from '../api/page-size';
import { QuestionLink } from './question-summary';
import { useListParams } from './use-list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DifficultySelect } from '../../stats';

/** Favourites or hidden: questions (paginated, by module or course), then modules, courses, sources. */
export function MarksPage({ list }: { list: PersonalList }) {
  const { t } = useTranslation();
  const params = useListParams();
  const filter = {
    page: params.page,
    module: params.number('module'),
    course: params.number('course'),
    difficulty: params.difficulty() || undefined,
  };
  const questions = usePersonalQuestions(list, filter);
  const removeQuestion = useRemoveQuestionMark(list);
  const names = useCatalogueNames();
  const marks = useCatalogueMarks(list);
  const removeMark = useRemoveCatalogueMark(list);
  const modules = names.modules.data ?? [];
  const courses = names.courses.data ?? [];
  const sources = names.sources.data ?? [];
  const moduleName = new Map(modules.map((m) => [m.id, m.name]));
  const courseName = new Map(courses.map((c) => [c.id, c.name]));
  const sourceName = new Map(sources.map((s) => [s.id, s.name]));
  const count = questions.data?.count ?? 0;
  const title = t(list === 'favorites' ? 'lists.marks.favorites-title' : 'lists.marks.hides-title');
  useDocumentTitle(title);
  const action = t(list === 'favorites' ? 'lists.marks.unfavorite' : 'lists.marks.unhide');

  return (
    <section className="page my-lists" aria-labelledby="marks-title">
      <div className="page-head">
        <h1 id="marks-title">{title}</h1>
      </div>
      <h2 id="marks-questions">{t('lists.marks.questions')}</h2>
      <form
        className="filter-bar"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('lists.filters')}
      >
        <label>
          {t('lists.module')}
          <select
            value={filter.module ?? ''}
            onChange={(e) => params.set({ module: e.target.value || undefined, course: undefined })}
          >
            <option value="">{t('lists.all-modules')}</option>
            {modules.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('lists.course')}
          <select
            value={filter.course ?? ''}
            onChange={(e) => params.set({ course: e.target.value || undefined })}
          >
            <option value="">{t('lists.all-courses')}</option>
            {courses
              .filter((c) => !filter.module || c.module === filter.module)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
          </select>
        </label>
        <DifficultySelect
          value={filter.difficulty ?? ''}
          onChange={(next) => params.set({ difficulty: next || undefined })}
        />
      </form>
      {questions.isPending ? <Spinner label={t('lists.loading')} /> : null}
      {questions.isError ? <FormAlert>{t('lists.load-failed')}</FormAlert> : null}
      {questions.isSuccess && count === 0 ? (
        <p className="empty-state">
          {filter.difficulty
            ? t('lists.no-match-difficulty')
            : t(list === 'favorites' ? 'lists.marks.favorites-empty' : 'lists.marks.hides-empty')}
        </p>
      ) : null}
      {count > 0 ? <p className="list-count">{t('lists.count', { count })}</p> : null}
      <ul
        className="list-rows"
        aria-labelledby="marks-questions"
        aria-busy={questions.isFetching || undefined}
      >
        {(questions.data?.results ?? []).map((q) => (
          <li key={q.id} className="list-row" data-question-id={q.id}>
            <QuestionLink id={q.id} stem={q.stem} locked={q.is_locked} />
            <div className="list-meta">
              <span>
                {moduleName.get(q.module) ?? ''}
                {courseName.get(q.course) ? ` / ${courseName.get(q.course)}` : ''}
              </span>
              <Button variant="secondary" onClick={() => removeQuestion.mutate(q.id)}>
                {action}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Pager
        pageSize={LIST_PAGE_SIZE}
        page={params.page}
        count={count}
        onPage={(page) => params.set({ page })}
      />

      <h2 id="marks-catalogue">{t('lists.marks.catalogue')}</h2>
      {marks.isPending ? <Spinner label={t('lists.loading')} /> : null}
      {marks.isError ? <FormAlert>{t('lists.load-failed')}</FormAlert> : null}
      {marks.isSuccess && marks.data.length === 0 ? (
        <p className="empty-state">
          {t(
            list === 'favorites'
              ? 'lists.marks.favorites-catalogue-empty'
              : 'lists.marks.hides-catalogue-empty',
          )}
        </p>
      ) : null}
      <ul className="list-rows" aria-labelledby="marks-catalogue">
        {(marks.data ?? []).map((mark) => {
          const [kind, id, name, to] =
            mark.module !== null
              ? ([
                  'module',
                  mark.module,
                  moduleName.get(mark.module),
                  `/modules/${mark.module}`,
                ] as const)
              : mark.course !== null
                ? ([
                    'course',
                    mark.course,
                    courseName.get(mark.course),
                    `/courses/${mark.course}/study`,
                  ] as const)
                : ([
                    'source',
                    mark.source ?? 0,
                    sourceName.get(mark.source ?? 0),
                    moduleOfSource(sources, mark.source),
                  ] as const);
          return (
            <li key={mark.id} className="list-row list-row-spread">
              <span>
                <span className="kind-badge">{t(`lists.kind-${kind}`)}</span>{' '}
                {to ? (
                  <Link to={to}>{name ?? t('lists.unknown', { id })}</Link>
                ) : (
                  (name ?? t('lists.unknown', { id }))
                )}
              </span>
              <Button variant="secondary" onClick={() => removeMark.mutate(mark.id)}>
                {action}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function moduleOfSource(sources: { id: number; module: number }[], id: number | null | undefined) {
  const source = sources.find((s) => s.id === id);
  return source ? `/modules/${source.module}` : null;
}
