import type { Course, Source } from '@qbank/contract/catalogue';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSaveCourseFilter } from '../api/save-course-filter';
import '../../../lib/i18n-screens';

/** A checklist of the module's sources that limits a course's questions (course_sources). */
export function CourseFilterDialog({
  course,
  sources,
  onClose,
}: {
  course: Course;
  sources: Source[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<number[]>(course.course_sources ?? []);
  const save = useSaveCourseFilter();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  function toggle(id: number, on: boolean) {
    setChosen((list) => (on ? [...list, id] : list.filter((s) => s !== id)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { course: course.id, sources: chosen },
      {
        onSuccess: () => {
          notify('success', t('catalogue.filter-saved'));
          dialog.current?.close();
        },
      },
    );
  }

  const error =
    save.error instanceof ApiError
      ? (save.error.messages[0] ?? t('errors.saving-failed'))
      : save.error
        ? t('errors.saving-failed')
        : null;

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="course-filter-title" onClose={onClose}>
      <form onSubmit={submit}>
        <h2 id="course-filter-title">{t('catalogue.filter-title', { name: course.name })}</h2>
        <p>{t('catalogue.filter-intro')}</p>
        <FormAlert>{error}</FormAlert>
        {sources.length === 0 ? <p>{t('catalogue.no-sources')}</p> : null}
        <fieldset className="choice-list source-checklist">
          <legend className="visually-hidden">{t('catalogue.sources')}</legend>
          {sources.map((source) => (
            <label key={source.id} className="choice">
              <input
                type="checkbox"
                checked={chosen.includes(source.id)}
                onChange={(e) => toggle(source.id, e.target.checked)}
              />
              <span className="choice-name">{source.name}</span>
              <span className="choice-meta">{source.year ?? ''}</span>
            </label>
          ))}
        </fieldset>
        <div className="actions">
          <Button type="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
          {chosen.length > 0 ? (
            <Button variant="secondary" onClick={() => setChosen([])}>
              {t('catalogue.filter-clear')}
            </Button>
          ) : null}
          <Button variant="link" onClick={() => dialog.current?.close()}>
            {t('actions.cancel')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
