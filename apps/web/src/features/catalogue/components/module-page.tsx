import type { Course } from '@qbank/contract/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { FreePreviewNote } from '../../subscriptions';
import { useCourses } from '../api/get-courses';
import { useModule } from '../api/get-module';
import { useSources } from '../api/get-sources';
import { useToggleCatalogueMark } from '../api/toggle-mark';
import { CourseFilterDialog } from './course-filter-dialog';
import { CourseItem } from './course-item';
import '../catalogue.css';
import '../../../lib/i18n-screens';

/** A module: its courses with counts and progress, its sources, and the learner's marks. */
export default function ModulePage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().moduleId);
  const module = useModule(moduleId);
  const courses = useCourses(moduleId);
  const sources = useSources(moduleId);
  const favorite = useToggleCatalogueMark('favorite');
  const hide = useToggleCatalogueMark('hide');
  const [filtering, setFiltering] = useState<Course | null>(null);

  if (module.isPending) return <Spinner label={t('catalogue.loading')} />;
  if (module.isError) {
    const missing = module.error instanceof ApiError && module.error.status === 404;
    return (
      <section className="page">
        <h1>{missing ? t('not-found.title') : t('catalogue.load-failed')}</h1>
        <Link to="/modules">{t('catalogue.back')}</Link>
      </section>
    );
  }
  const m = module.data;
  const list = courses.data ?? [];
  const visible = list.filter((c) => !c.is_hidden);
  const hidden = list.filter((c) => c.is_hidden);
  const sourceList = sources.data ?? [];

  return (
    <section className="page" aria-labelledby="module-title">
      <p className="module-breadcrumb">
        <Link to="/modules">{t('catalogue.back')}</Link>
      </p>
      <div className="page-head">
        <h1 id="module-title">{m.name}</h1>
        <div className="course-actions">
          <Button
            variant="secondary"
            className="icon-button"
            aria-pressed={m.is_favorite}
            aria-label={t('catalogue.favorite-module')}
            onClick={() => favorite.mutate({ target: { module: m.id }, on: !m.is_favorite })}
          >
            <span aria-hidden="true">{m.is_favorite ? '★' : '☆'}</span>
          </Button>
          <Button
            variant="secondary"
            aria-pressed={m.is_hidden}
            onClick={() => hide.mutate({ target: { module: m.id }, on: !m.is_hidden })}
          >
            {m.is_hidden ? t('catalogue.unhide-module') : t('catalogue.hide-module')}
          </Button>
          <Link className="btn btn-secondary" to={`/exam?module=${m.id}`}>
            {t('catalogue.exam')}
          </Link>
        </div>
      </div>
      {m.description ? <p className="module-description">{m.description}</p> : null}
      <p className="module-counts">
        {t('modules.courses', { count: m.courses_count })} ·{' '}
        {t('modules.questions', { count: m.questions_count })}
      </p>
      <FreePreviewNote moduleId={m.id} />

      <h2>{t('catalogue.courses')}</h2>
      {courses.isPending ? <Spinner label={t('catalogue.loading')} /> : null}
      {courses.isError ? <FormAlert>{t('catalogue.load-failed')}</FormAlert> : null}
      {courses.isSuccess && visible.length === 0 ? <p>{t('catalogue.no-courses')}</p> : null}
      <ul className="course-list" aria-label={t('catalogue.courses')}>
        {visible.map((course) => (
          <CourseItem
            key={course.id}
            course={course}
            sources={sourceList}
            onFilter={setFiltering}
          />
        ))}
      </ul>
      {hidden.length > 0 ? (
        <details className="hidden-courses">
          <summary>{t('catalogue.hidden-courses', { count: hidden.length })}</summary>
          <ul className="course-list">
            {hidden.map((course) => (
              <CourseItem
                key={course.id}
                course={course}
                sources={sourceList}
                onFilter={setFiltering}
              />
            ))}
          </ul>
        </details>
      ) : null}

      <h2>{t('catalogue.sources')}</h2>
      {sources.isSuccess && sourceList.length === 0 ? <p>{t('catalogue.no-sources')}</p> : null}
      <ul className="source-list">
        {sourceList.map((source) => (
          <li key={source.id}>
            <span>{source.name}</span>
            <span className="choice-meta">
              {t('modules.questions', { count: source.questions_count })}
            </span>
          </li>
        ))}
      </ul>
      {filtering ? (
        <CourseFilterDialog
          course={filtering}
          sources={sourceList}
          onClose={() => setFiltering(null)}
        />
      ) : null}
    </section>
  );
}
