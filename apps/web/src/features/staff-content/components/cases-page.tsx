import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCases } from '../api/get-cases';
import { useStaffCatalogue } from '../api/get-staff-catalogue';
import { NS } from '../i18n';
import { CourseOptions } from './course-options';
import { useUrlState } from '../../../lib/use-url-state';
import '../staff-content.css';

const PAGE_SIZE = 25;

/** The clinical cases: find one by its vignette or course, open it in the case builder. */
export default function CasesPage() {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('cases.title'));
  const { params, set, page } = useUrlState({ replace: true });
  const catalogue = useStaffCatalogue();
  const cases = useCases({
    search: params.get('search') || undefined,
    course: params.get('course') || undefined,
    page: params.get('page') || undefined,
    page_size: String(PAGE_SIZE),
  });

  return (
    <section className="page staff-page">
      <div className="page-head">
        <h1>{t('cases.title')}</h1>
        <Link className="btn btn-primary" to="/staff/cases/new">
          {t('case.new')}
        </Link>
      </div>
      <form className="bank-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="cases-search">{t('cases.search')}</label>
          <input
            id="cases-search"
            type="search"
            defaultValue={params.get('search') ?? ''}
            onChange={(e) => set({ search: e.target.value.trim() || undefined })}
          />
        </div>
        <div className="field">
          <label htmlFor="cases-course">{t('fields.course')}</label>
          <select
            id="cases-course"
            value={params.get('course') ?? ''}
            onChange={(e) => set({ course: e.target.value })}
          >
            <option value="">{t('bank.all')}</option>
            <CourseOptions modules={catalogue.data ?? []} />
          </select>
        </div>
      </form>

      <FormAlert>{cases.error?.message}</FormAlert>
      {cases.isPending ? <Spinner label={t('loading')} /> : null}
      {cases.data && cases.data.count === 0 ? (
        <p className="empty-state">{t('cases.empty')}</p>
      ) : null}
      {cases.data && cases.data.count > 0 ? (
        <>
          <p className="bank-count" aria-live="polite">
            {t('cases.count', { count: cases.data.count })}
          </p>
          <ul className="staff-cards">
            {cases.data.results.map((row) => (
              <li key={row.id} className="staff-card">
                <div className="staff-card-body">
                  <h2 className="staff-card-title">
                    <Link to={`/staff/cases/${row.id}`}>{t('case.title', { id: row.id })}</Link>
                  </h2>
                  <p className="muted">
                    {row.module_name} › {row.course_name} ·{' '}
                    {t('cases.questions', { count: row.questions })}
                  </p>
                  <p className="stem-excerpt">{row.vignette}</p>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            count={cases.data.count}
            pageSize={PAGE_SIZE}
            onPage={(p) => set({ page: String(p) })}
          />
        </>
      ) : null}
    </section>
  );
}
