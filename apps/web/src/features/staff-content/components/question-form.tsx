import { CHOICE_LETTERS as LETTERS, MAX_CHOICES, MIN_CHOICES } from '@qbank/contract/constants';
import type { StaffModule, StaffQuestion, StaffQuestionInput } from '@qbank/contract/staff-content';
import { useEffect, useRef, type BaseSyntheticEvent, type RefObject } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { useUploadImage } from '../api/upload-image';
import { NS } from '../i18n';
import { CourseOptions } from './course-options';
import { DraftDuplicates } from './duplicates';
import { QuestionPreview } from './question-preview';

export interface QuestionFormValues {
  course: string;
  source: string;
  year: string;
  type: 'qcs' | 'qcm';
  stem: string;
  explanation: string;
  key_point: string;
  tags: string;
  choices: { id?: number; text: string; is_correct: boolean; explanation: string }[];
}

export const emptyValues = (course = ''): QuestionFormValues => ({
  course,
  source: '',
  year: '',
  type: 'qcs',
  stem: '',
  explanation: '',
  key_point: '',
  tags: '',
  choices: [0, 1, 2, 3].map((i) => ({ text: '', is_correct: i === 0, explanation: '' })),
});

export const valuesOf = (q: StaffQuestion): QuestionFormValues => ({
  course: String(q.course),
  source: q.source === null ? '' : String(q.source),
  year: q.year === null ? '' : String(q.year),
  type: q.type,
  stem: q.stem,
  explanation: q.explanation,
  key_point: q.key_point,
  tags: q.tags.join(', '),
  choices: q.choices.map((c) => ({ ...c })),
});

/** The form values as the API's input (its schema checks them; errors come back per field). */
export function toInput(
  values: QuestionFormValues,
  clinicalCase: number | null,
): StaffQuestionInput {
  return {
    course: Number(values.course),
    source: values.source ? Number(values.source) : null,
    clinical_case: clinicalCase,
    year: values.year ? Number(values.year) : null,
    type: values.type,
    stem: values.stem,
    explanation: values.explanation,
    key_point: values.key_point,
    tags: values.tags
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    choices: values.choices.map((c) => ({
      ...(c.id === undefined ? {} : { id: c.id }),
      text: c.text,
      is_correct: c.is_correct,
      explanation: c.explanation,
    })),
  };
}

const submitterOf = (event: BaseSyntheticEvent | undefined) =>
  (event?.nativeEvent as SubmitEvent | undefined)?.submitter as HTMLButtonElement | null;

/**
 * Ctrl+S (⌘S) saves instead of saving the web page; Ctrl+Enter saves and opens the next
 * question when there is one. Only while the form is shown (not on the Versions tab).
 */
function useSaveShortcuts(
  formRef: RefObject<HTMLFormElement | null>,
  nextRef: RefObject<HTMLButtonElement | null> | null,
) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const form = formRef.current;
      if (!(event.ctrlKey || event.metaKey) || !form || form.closest('[hidden]')) return;
      const save = event.key.toLowerCase() === 's';
      const saveNext = event.key === 'Enter' && nextRef?.current;
      if (!save && !saveNext) return;
      event.preventDefault();
      form.requestSubmit(saveNext ? nextRef!.current : undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [formRef, nextRef]);
}

/** Markdown + KaTeX editor with its live preview (the player's renderer). */
export function QuestionForm({
  questionId,
  catalogue,
  initial,
  saving,
  error,
  canSaveNext,
  onSubmit,
  onDirtyChange,
}: {
  /** The question edited (null: a new one), left out of its own possible duplicates. */
  questionId: number | null;
  catalogue: StaffModule[];
  initial: QuestionFormValues;
  saving: boolean;
  error: unknown;
  /** Offer "Save and next" (the editor was opened from a bank list with a next question). */
  canSaveNext: boolean;
  onSubmit: (values: QuestionFormValues, then: 'stay' | 'next') => void;
  /** Told whenever the form starts or stops differing from what was loaded (or last saved). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation(NS);
  const form = useForm<QuestionFormValues>({ defaultValues: initial });
  const formRef = useRef<HTMLFormElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  useSaveShortcuts(formRef, canSaveNext ? nextRef : null);
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const choices = useFieldArray({ control: form.control, name: 'choices' });
  const values = useWatch({ control: form.control }) as QuestionFormValues;
  const module = catalogue.find((m) => m.courses.some((c) => String(c.id) === values.course));
  const fieldError = (field: string) =>
    error instanceof ApiError ? error.fieldMessages(field).join(' ') : '';
  const general = error instanceof ApiError ? error.messages.join(' ') : error ? String(error) : '';

  const image = useUploadImage();
  const insertImage = (file: File | undefined) => {
    if (!file) return;
    image.mutate(file, {
      onSuccess: ({ url }) => {
        const stem = form.getValues('stem');
        form.setValue('stem', `${stem}${stem ? '\n\n' : ''}![${file.name}](${url})\n`);
      },
    });
  };

  const markOnly = (index: number) => {
    values.choices.forEach((_, i) => form.setValue(`choices.${i}.is_correct`, i === index));
  };

  return (
    <form
      ref={formRef}
      className="question-form"
      // The button that sent the form says what follows: stay, or open the next question.
      onSubmit={form.handleSubmit((v, event) => {
        if (saving) return;
        onSubmit(v, canSaveNext && submitterOf(event)?.value === 'next' ? 'next' : 'stay');
      })}
      noValidate
    >
      <DraftDuplicates questionId={questionId} values={values} />
      <div className="editor-columns">
        <div className="editor-fields">
          <FormAlert>{general}</FormAlert>
          <div className="field-row">
            <div className="field">
              <label htmlFor="q-course">{t('fields.course')}</label>
              <select
                id="q-course"
                {...form.register('course')}
                aria-invalid={fieldError('course') ? true : undefined}
              >
                <option value="">{t('editor.pick-course')}</option>
                <CourseOptions modules={catalogue} />
              </select>
              {fieldError('course') ? <p className="field-error">{fieldError('course')}</p> : null}
            </div>
            <div className="field">
              <label htmlFor="q-source">{t('fields.source')}</label>
              <select id="q-source" {...form.register('source')}>
                <option value="">{t('editor.no-source')}</option>
                {(module?.sources ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                    {s.year ? ` (${s.year})` : ''}
                  </option>
                ))}
              </select>
              {fieldError('source') ? <p className="field-error">{fieldError('source')}</p> : null}
            </div>
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="q-type">{t('fields.type')}</label>
              <select id="q-type" {...form.register('type')}>
                <option value="qcs">{t('types.qcs')}</option>
                <option value="qcm">{t('types.qcm')}</option>
              </select>
              {fieldError('type') ? (
                <p className="field-error" role="alert">
                  {fieldError('type')}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="q-year">{t('fields.year')}</label>
              <input id="q-year" inputMode="numeric" {...form.register('year')} />
              {fieldError('year') ? <p className="field-error">{fieldError('year')}</p> : null}
            </div>
          </div>
          <div className="field">
            <label htmlFor="q-stem">{t('fields.stem')}</label>
            <textarea
              id="q-stem"
              className="stem-box"
              rows={14}
              {...form.register('stem')}
              aria-invalid={fieldError('stem') ? true : undefined}
            />
            <p className="field-hint">{t('editor.markdown-hint')}</p>
            <label className="btn btn-secondary image-button">
              {image.isPending ? t('loading') : t('editor.insert-image')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="visually-hidden"
                onChange={(e) => {
                  insertImage(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </label>
            {image.error ? (
              <p className="field-error" role="alert">
                {image.error.message}
              </p>
            ) : null}
            {fieldError('stem') ? <p className="field-error">{fieldError('stem')}</p> : null}
          </div>

          <fieldset className="choices-fieldset">
            <legend>{t('editor.choices')}</legend>
            {choices.fields.map((field, index) => (
              <div className="choice-editor" key={field.id}>
                <div className="choice-editor-head">
                  <span className="choice-letter">{LETTERS[index]}</span>
                  <label className="check-field">
                    <input
                      type="checkbox"
                      {...form.register(`choices.${index}.is_correct`, {
                        onChange: (e: { target: { checked: boolean } }) => {
                          if (values.type === 'qcs' && e.target.checked) markOnly(index);
                        },
                      })}
                    />
                    {t('editor.correct')}
                  </label>
                  <Button
                    variant="link"
                    disabled={choices.fields.length <= MIN_CHOICES}
                    onClick={() => choices.remove(index)}
                    aria-label={t('editor.remove-choice', { letter: LETTERS[index] })}
                  >
                    {t('editor.remove')}
                  </Button>
                </div>
                <div className="field">
                  <label htmlFor={`q-choice-${index}`}>
                    {t('editor.choice-text', { letter: LETTERS[index] })}
                  </label>
                  <input id={`q-choice-${index}`} {...form.register(`choices.${index}.text`)} />
                </div>
                <div className="field">
                  <label htmlFor={`q-choice-${index}-exp`}>
                    {t('editor.choice-explanation', { letter: LETTERS[index] })}
                  </label>
                  <input
                    id={`q-choice-${index}-exp`}
                    {...form.register(`choices.${index}.explanation`)}
                  />
                </div>
              </div>
            ))}
            {fieldError('choices') ? (
              <p className="field-error" role="alert">
                {fieldError('choices')}
              </p>
            ) : null}
            <Button
              variant="secondary"
              disabled={choices.fields.length >= MAX_CHOICES}
              onClick={() => choices.append({ text: '', is_correct: false, explanation: '' })}
            >
              {t('editor.add-choice')}
            </Button>
          </fieldset>

          <div className="field">
            <label htmlFor="q-explanation">{t('fields.explanation')}</label>
            <textarea id="q-explanation" rows={4} {...form.register('explanation')} />
          </div>
          <div className="field">
            <label htmlFor="q-key-point">{t('fields.key_point')}</label>
            <input id="q-key-point" {...form.register('key_point')} />
          </div>
          <div className="field">
            <label htmlFor="q-tags">{t('fields.tags')}</label>
            <input id="q-tags" {...form.register('tags')} />
            <p className="field-hint">{t('editor.tags-hint')}</p>
          </div>
          {/* Sticky: the form is long (a vignette, up to 26 choices); Save stays in reach. */}
          <div className="editor-save-bar">
            <Button type="submit" loading={saving}>
              {t('editor.save')}
            </Button>
            {canSaveNext ? (
              <Button
                ref={nextRef}
                type="submit"
                name="then"
                value="next"
                variant="secondary"
                disabled={saving}
              >
                {t('editor.save-next')}
              </Button>
            ) : null}
            <span className="muted" role="status">
              {dirty ? t('editor.unsaved') : ''}
            </span>
            <span className="muted editor-shortcuts">
              {canSaveNext ? t('editor.shortcuts-next') : t('editor.shortcuts')}
            </span>
          </div>
        </div>
        <QuestionPreview values={values} />
      </div>
    </form>
  );
}
