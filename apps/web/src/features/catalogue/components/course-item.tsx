import type { Course, Source } from '@qbank/contract/catalogue';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useSettings } from '../../../lib/settings';
import { useToggleCatalogueMark } from '../api/toggle-mark';
import '../../../lib/i18n-screens';

/** A course of the module page: counts, the caller's progress, marks, its source filter, study. */
export function CourseItem({
  course,
  sources,
  onFilter,
}: {
  course: Course;
  sources: Source[];
  onFilter: (course: Course) => void;
}) {
  const { t } = useTranslation();
  const favorite = useToggleCatalogueMark('favorite');
  const hide = useToggleCatalogueMark('hide');
  // The "exam mode" setting: a course opens as an exam (corrections at the end), not in study mode.
  const { examMode } = useSettings();
  const percent = course.questions_count
    ? Math.round((course.answered_count / course.questions_count) * 100)
    : 0;
  const success = course.answered_count
    ? Math.round((course.correct_count / course.answered_count) * 100)
    : 0;
  const filtered = course.course_sources?.length
    ? sources.filter((s) => course.course_sources?.includes(s.id)).map((s) => s.name)
    : [];
  return (
    <li
      className={['course-item', course.is_hidden ? 'is-hidden' : ''].filter(Boolean).join(' ')}
      data-course-id={course.id}
    >
      <div className="course-main">
        <h3 id={`course-${course.id}`}>{course.name}</h3>
        <p className="module-counts">
          {t('modules.questions', { count: course.questions_count })} ·{' '}
          {t('catalogue.answered', { count: course.answered_count })}
        </p>
        <div className="progress-line">
          <progress
            max={100}
            value={percent}
            aria-label={t('modules.progress-label', { name: course.name })}
          >
            {percent}%
          </progress>
          <span>{t('modules.progress', { percent, success })}</span>
        </div>
        {filtered.length ? (
          <p className="course-filter-note">
            {t('catalogue.filtered-by', { sources: filtered.join(', ') })}
          </p>
        ) : null}
      </div>
      <div className="course-actions">
        <Link
          className="btn btn-primary"
          to={
            examMode
              ? `/exam?module=${course.module}&course=${course.id}`
              : `/courses/${course.id}/study`
          }
          aria-describedby={`course-${course.id}`}
        >
          {examMode ? t('catalogue.exam-course') : t('catalogue.study')}
        </Link>
        <Button
          variant="secondary"
          className="icon-button"
          aria-pressed={course.is_favorite}
          aria-label={t('catalogue.favorite-course', { name: course.name })}
          onClick={() =>
            favorite.mutate({ target: { course: course.id }, on: !course.is_favorite })
          }
        >
          <span aria-hidden="true">{course.is_favorite ? '★' : '☆'}</span>
        </Button>
        <Button
          variant="secondary"
          onClick={() => onFilter(course)}
          aria-label={t('catalogue.filter-course', { name: course.name })}
        >
          {t('catalogue.sources-filter')}
        </Button>
        <Button
          variant="secondary"
          aria-pressed={course.is_hidden}
          aria-label={t(course.is_hidden ? 'catalogue.unhide-course' : 'catalogue.hide-course', {
            name: course.name,
          })}
          onClick={() => hide.mutate({ target: { course: course.id }, on: !course.is_hidden })}
        >
          {course.is_hidden ? t('catalogue.unhide') : t('catalogue.hide')}
        </Button>
      </div>
    </li>
  );
}
