import { BANK_ORDERINGS, QUESTION_STATUSES } from '@qbank/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedCallback } from 'use-debounce';
import { useBank } from '../api/get-bank';
import { useStaffCatalogue } from '../api/get-staff-catalogue';
import { NS } from '../i18n';
import { BANK_PAGE_SIZE, bankQueryOf, trailState } from '../bank-trail';
import { useUrlState } from '../../../lib/use-url-state';
import '../staff-content.css';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { toPlainText } from '../../../components/question-content';

const SEARCH_DEBOUNCE_MS = 300;
/** Statistics first after the stem, so they stay on screen at 1280 px; the place comes last. */
const COLUMNS = [
  'id',
  'stem',
  'reports',
  'answers',
  'facility',
  'discrimination',
  'flags',
  'status',
  'type',
  'course',
] as const;
/** Columns whose first click sorts ascending: facility's hardest (lowest) questions first. */
const ASCENDING_FIRST = ['facility'];
const SORTABLE = ['id', 'type', 'status', 'reports', 'answers', 'facility', 'discrimination'];

const percent = (n: number | null) => (n === null ? '–' : `${Math.round(n * 100)} %`);

/** The bank table: search, filters and sort kept in the address, so a view can be shared. */
export default function BankPage() {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('bank.title'));
  const { params, set, page } = useUrlState({ replace: true });
  const catalogue = useStaffCatalogue();
  const bank = useBank(bankQueryOf(params));
  // A search costs the server about 0.25 s on the demo bank: one query per pause in typing.
  const search = useDebouncedCallback(
    (value: string) => set({ search: value.trim() || undefined }),
    SEARCH_DEBOUNCE_MS,
  );
  const ordering = params.get('ordering') ?? '-id';
  const sortBy = (column: string) => {
    const first = ASCENDING_FIRST.includes(column) ? column : `-${column}`;
    const second = first.startsWith('-') ? column : `-${column}`;
    set({ ordering: ordering === first ? second : first });
  };
  // The facility range is typed in percent; the API takes shares (0–1).
  const percentParam = (key: 'facility_min' | 'facility_max') => {
    const value = params.get(key);
    return value ? String(Math.round(Number(value) * 100)) : '';
  };
  const setPercent = (key: 'facility_min' | 'facility_max', value: string) =>
    set({
      [key]: value === '' ? undefined : String(Math.min(100, Math.max(0, Number(value))) / 100),
    });
  const sortState = (column: string) =>
    ordering === column ? 'ascending' : ordering === `-${column}` ? 'descending' : undefined;

  // The editor opened from a row walks this page's list and comes back to this view.
  const trail = bank.data
    ? trailState({
        search: params.size ? `?${params}` : '',
        ids: bank.data.results.map((r) => r.id),
        count: bank.data.count,
      })
    : undefined;
  const modules = catalogue.data ?? [];
  const module = modules.find((m) => String(m.id) === params.get('module'));

  return (
    <section className="page staff-page">
      <div className="page-head">
        <h1>{t('bank.title')}</h1>
        <div className="status-bar">
          <Link className="btn btn-primary" to="/staff/questions/new">
            {t('bank.new')}
          </Link>
          <Link className="btn btn-secondary" to="/staff/cases/new">
            {t('case.new')}
          </Link>
        </div>
      </div>
      <form className="bank-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="bank-search">{t('bank.search')}</label>
          <input
            id="bank-search"
            type="search"
            defaultValue={params.get('search') ?? ''}
            onChange={(e) => search(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="bank-module">{t('fields.module')}</label>
          <select
            id="bank-module"
            value={params.get('module') ?? ''}
            onChange={(e) => set({ module: e.target.value, course: undefined, source: undefined })}
          >
            <option value="">{t('bank.all')}</option>
            {modules.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bank-course">{t('fields.course')}</label>
          <select
            id="bank-course"
            value={params.get('course') ?? ''}
            onChange={(e) => set({ course: e.target.value })}
          >
            <option value="">{t('bank.all')}</option>
            {(module ? [module] : modules).flatMap((m) =>
              m.courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              )),
            )}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bank-source">{t('fields.source')}</label>
          <select
            id="bank-source"
            value={params.get('source') ?? ''}
            onChange={(e) => set({ source: e.target.value })}
          >
            <option value="">{t('bank.all')}</option>
            {(module ? [module] : modules).flatMap((m) =>
              m.sources.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                  {s.year ? ` (${s.year})` : ''}
                </option>
              )),
            )}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bank-type">{t('fields.type')}</label>
          <select
            id="bank-type"
            value={params.get('type') ?? ''}
            onChange={(e) => set({ type: e.target.value })}
          >
            <option value="">{t('bank.all')}</option>
            <option value="qcs">{t('types.qcs')}</option>
            <option value="qcm">{t('types.qcm')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="bank-status">{t('fields.status')}</label>
          <select
            id="bank-status"
            value={params.get('status') ?? ''}
            onChange={(e) => set({ status: e.target.value })}
          >
            <option value="">{t('bank.all')}</option>
            {QUESTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <label className="check-field">
          <input
            type="checkbox"
            checked={params.get('flagged') === 'true'}
            onChange={(e) => set({ flagged: e.target.checked ? 'true' : undefined })}
          />
          {t('bank.flagged')}
        </label>
        <div className="field">
          <label htmlFor="bank-reports">{t('bank.reports')}</label>
          <select
            id="bank-reports"
            value={params.get('reports') ?? ''}
            onChange={(e) => set({ reports: e.target.value || undefined })}
          >
            <option value="">{t('bank.all')}</option>
            <option value="true">{t('bank.reported')}</option>
            <option value="false">{t('bank.not-reported')}</option>
          </select>
        </div>
        <fieldset className="facility-range">
          <legend>{t('bank.facility-range')}</legend>
          <label>
            {t('bank.from')}
            <input
              type="number"
              min={0}
              max={100}
              inputMode="numeric"
              defaultValue={percentParam('facility_min')}
              onChange={(e) => setPercent('facility_min', e.target.value)}
            />
          </label>
          <label>
            {t('bank.to')}
            <input
              type="number"
              min={0}
              max={100}
              inputMode="numeric"
              defaultValue={percentParam('facility_max')}
              onChange={(e) => setPercent('facility_max', e.target.value)}
            />
          </label>
        </fieldset>
      </form>

      <FormAlert>{bank.error?.message}</FormAlert>
      {bank.isPending ? <Spinner label={t('loading')} /> : null}
      {bank.data ? (
        <>
          <p className="bank-count" aria-live="polite">
            {t('bank.count', { count: bank.data.count })}
          </p>
          <div className="table-scroll">
            <table className="bank-table">
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" aria-sort={sortState(column)}>
                      {SORTABLE.includes(column) && BANK_ORDERINGS.includes(column as never) ? (
                        <button
                          type="button"
                          className="sort-button"
                          onClick={() => sortBy(column)}
                        >
                          {t(`columns.${column}`)}
                          <span aria-hidden="true">
                            {sortState(column) === 'ascending'
                              ? ' ▲'
                              : sortState(column) === 'descending'
                                ? ' ▼'
                                : ''}
                          </span>
                        </button>
                      ) : (
                        t(`columns.${column}`)
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {bank.data.results.map((row) => (
                  <tr key={row.id}>
                    <td>{row.id}</td>
                    <td className="stem-cell">
                      <Link to={`/staff/questions/${row.id}`} state={trail}>
                        {toPlainText(row.stem) || t('bank.no-text')}
                      </Link>
                    </td>
                    <td className="num">{row.reports}</td>
                    <td className="num">{row.answers}</td>
                    <td className="num">{percent(row.facility)}</td>
                    <td className="num">{row.discrimination ?? '–'}</td>
                    <td>{row.flags.map((f) => t(`flags.${f}`)).join(', ')}</td>
                    <td>
                      <span className={`question-status question-status-${row.status}`}>
                        {t(`status.${row.status}`)}
                      </span>
                    </td>
                    <td>{t(`types.${row.type}`)}</td>
                    <td className="place-cell">
                      {row.module_name} › {row.course_name}
                      {row.source_name ? (
                        <span className="muted">
                          {' · '}
                          {row.source_name}
                          {row.year ? ` (${row.year})` : ''}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            count={bank.data.count}
            pageSize={BANK_PAGE_SIZE}
            onPage={(p) => set({ page: String(p) })}
          />
        </>
      ) : null}
    </section>
  );
}
