import type { StaffCase, StaffModule } from '@qbank/contract/staff-content';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { RichText } from '../../../components/question-content';
import { useBank } from '../api/get-bank';
import { useStaffCase } from '../api/get-case';
import { useStaffCatalogue } from '../api/get-staff-catalogue';
import { useSaveCase } from '../api/save-case';
import { NS } from '../i18n';
import { CourseOptions } from './course-options';
import '../staff-content.css';
import '../../../lib/i18n-screens';

/** /staff/cases/new and /staff/cases/:caseId: a clinical case's vignette and ordered sub-questions. */
export default function CaseBuilderPage() {
  const { t } = useTranslation(NS);
  const { caseId } = useParams();
  const id = caseId && caseId !== 'new' ? Number(caseId) : null;
  const catalogue = useStaffCatalogue();
  const current = useStaffCase(id);

  if (catalogue.isPending || (id !== null && current.isPending))
    return <Spinner label={t('loading')} />;
  if (catalogue.error || current.error)
    return <FormAlert>{(catalogue.error ?? current.error)?.message}</FormAlert>;
  const saved = id === null ? null : current.data!;
  return (
    <section className="page staff-page">
      <p>
        <Link to="/staff/questions">{t('editor.back')}</Link>
      </p>
      <div className="page-head">
        <h1>{saved ? t('case.title', { id: saved.id }) : t('case.new-title')}</h1>
      </div>
      <CaseForm key={saved ? saved.id : 'new'} catalogue={catalogue.data} saved={saved} />
    </section>
  );
}

function CaseForm({ catalogue, saved }: { catalogue: StaffModule[]; saved: StaffCase | null }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const save = useSaveCase();
  const [course, setCourse] = useState(saved ? String(saved.course) : '');
  const [vignette, setVignette] = useState(saved?.vignette ?? '');
  const [picked, setPicked] = useState<number[]>(saved?.questions ?? []);
  const [done, setDone] = useState(false);
  // After a move, the focus follows the moved question (its button may have become disabled).
  const [focus, setFocus] = useState<{ id: number; step: -1 | 1 } | null>(null);
  const bank = useBank({ course: course || undefined, ordering: 'id', page_size: '100' });
  const rows = course ? (bank.data?.results ?? []) : [];
  const stemOf = (q: number) => rows.find((r) => r.id === q)?.stem ?? t('case.question', { id: q });

  useEffect(() => {
    if (!focus) return;
    const wanted = document.getElementById(`case-q-${focus.id}-${focus.step}`);
    const other = document.getElementById(`case-q-${focus.id}-${-focus.step}`);
    (wanted && !wanted.hasAttribute('disabled') ? wanted : other)?.focus();
  }, [focus, picked]);

  const move = (index: number, step: -1 | 1) => {
    const next = [...picked];
    const [item] = next.splice(index, 1);
    next.splice(index + step, 0, item!);
    setPicked(next);
    setFocus({ id: item!, step });
    setDone(false);
  };
  const fieldError = (field: string) =>
    save.error instanceof ApiError ? save.error.fieldMessages(field).join(' ') : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    save.mutate(
      {
        id: saved?.id ?? null,
        body: { course: Number(course), vignette, questions: picked },
      },
      {
        onSuccess: (result) => {
          setDone(true);
          if (!saved) void navigate(`/staff/cases/${result.id}`, { replace: true });
        },
      },
    );
  };

  return (
    <form className="case-form" onSubmit={submit} noValidate>
      {done ? <FormAlert tone="success">{t('editor.saved')}</FormAlert> : null}
      <FormAlert>
        {save.error instanceof ApiError ? save.error.messages.join(' ') : save.error?.message}
      </FormAlert>
      <div className="editor-columns">
        <div className="editor-fields">
          <div className="field">
            <label htmlFor="case-course">{t('fields.course')}</label>
            <select
              id="case-course"
              value={course}
              disabled={saved !== null}
              aria-describedby={saved ? 'case-course-hint' : undefined}
              aria-invalid={fieldError('course') ? true : undefined}
              onChange={(e) => {
                setCourse(e.target.value);
                setPicked([]);
              }}
            >
              <option value="">{t('editor.pick-course')}</option>
              <CourseOptions modules={catalogue} />
            </select>
            {saved ? (
              <p className="field-hint" id="case-course-hint">
                {t('case.course-fixed')}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="case-vignette">{t('case.vignette')}</label>
            <textarea
              id="case-vignette"
              rows={8}
              value={vignette}
              aria-invalid={fieldError('vignette') ? true : undefined}
              onChange={(e) => setVignette(e.target.value)}
            />
            <p className="field-hint">{t('editor.markdown-hint')}</p>
          </div>

          <section className="case-questions" aria-labelledby="case-order-title">
            <h2 id="case-order-title">{t('case.order')}</h2>
            {picked.length === 0 ? <p className="muted">{t('case.none')}</p> : null}
            <ol className="case-list" aria-label={t('case.order')}>
              {picked.map((q, index) => (
                <li key={q} className="catalogue-row">
                  <span className="row-name">
                    <Link to={`/staff/questions/${q}`}>#{q}</Link> {stemOf(q)}
                  </span>
                  <span className="row-actions">
                    <Button
                      variant="secondary"
                      className="icon-button"
                      id={`case-q-${q}--1`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t('case.up', { id: q })}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="secondary"
                      className="icon-button"
                      id={`case-q-${q}-1`}
                      disabled={index === picked.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t('case.down', { id: q })}
                    >
                      ↓
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => setPicked(picked.filter((p) => p !== q))}
                      aria-label={t('case.remove', { id: q })}
                    >
                      {t('editor.remove')}
                    </Button>
                  </span>
                </li>
              ))}
            </ol>
          </section>

          <section className="case-questions" aria-labelledby="case-pick-title">
            <h2 id="case-pick-title">{t('case.pick')}</h2>
            {!course ? <p className="muted">{t('case.pick-course-first')}</p> : null}
            {course && bank.isPending ? <Spinner label={t('loading')} /> : null}
            {course && !bank.isPending && rows.every((r) => picked.includes(r.id)) ? (
              <p className="muted">{t('case.no-more')}</p>
            ) : null}
            <ul className="case-list">
              {rows
                .filter((r) => !picked.includes(r.id))
                .map((r) => (
                  <li key={r.id} className="catalogue-row">
                    <span className="row-name">
                      #{r.id} {r.stem || t('bank.no-text')}
                    </span>
                    <Button
                      variant="secondary"
                      onClick={() => setPicked([...picked, r.id])}
                      aria-label={t('case.add', { id: r.id })}
                    >
                      {t('catalogue.add')}
                    </Button>
                  </li>
                ))}
            </ul>
          </section>
          <Button type="submit" loading={save.isPending}>
            {t('editor.save')}
          </Button>
        </div>
        <aside className="question-preview" aria-label={t('editor.preview')}>
          <h2>{t('editor.preview')}</h2>
          <div className="preview-body" data-testid="preview">
            <section className="vignette">
              <RichText text={vignette || t('case.preview-empty')} />
            </section>
          </div>
        </aside>
      </div>
    </form>
  );
}
