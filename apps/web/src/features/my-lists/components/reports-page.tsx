import { REPORT_STATUS_VALUES } from '@qbank/contract/constants';
import type { Report } from '@qbank/contract/discussion';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ScreenshotLink } from '../../../components/ui/screenshot-link';
import { notify } from '../../../lib/toast';
import { useDeleteReports, useReports } from '../api/reports';
import '../i18n';
import '../my-lists.css';
import { Pager } from '../../../components/ui/pager';
import { LIST_PAGE_SIZE } from '../api/page-size';
import { useListParams } from './use-list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The caller's reports with status and staff's answer; select several and delete them. */
export default function ReportsPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('lists.reports.title'));
  const [confirm, confirmDialog] = useConfirm();
  const params = useListParams();
  const status = REPORT_STATUS_VALUES.find((s) => s === params.text('status'));
  const reports = useReports({ page: params.page, status });
  const remove = useDeleteReports();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const results = reports.data?.results ?? [];
  const count = reports.data?.count ?? 0;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const chosen = results.filter((r) => selected.has(r.id)).map((r) => r.id);
  const allChosen = results.length > 0 && chosen.length === results.length;

  function toggle(id: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function deleteChosen() {
    if (!(await confirm(t('lists.reports.delete-confirm', { count: chosen.length })))) return;
    remove.mutate(chosen, {
      onSuccess: ({ deleted }) => {
        setSelected(new Set());
        notify('success', t('lists.reports.deleted', { count: deleted }));
        if (params.page > 1 && deleted >= results.length) params.set({ page: params.page - 1 });
      },
    });
  }

  return (
    <section className="page my-lists" aria-labelledby="reports-title">
      {confirmDialog}
      <div className="page-head">
        <h1 id="reports-title">{t('lists.reports.title')}</h1>
      </div>
      <form
        className="filter-bar"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('lists.filters')}
      >
        <label>
          {t('lists.reports.status')}
          <select
            value={status ?? ''}
            onChange={(e) => {
              setSelected(new Set());
              params.set({ status: e.target.value || undefined });
            }}
          >
            <option value="">{t('lists.reports.all-statuses')}</option>
            {REPORT_STATUS_VALUES.map((s) => (
              <option key={s} value={s}>
                {t(`lists.reports.status-${s}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      {reports.isPending ? <Spinner label={t('lists.loading')} /> : null}
      {reports.isError ? <FormAlert>{t('lists.load-failed')}</FormAlert> : null}
      {reports.isSuccess && count === 0 ? (
        <div className="empty-state">
          <h2>{t('lists.reports.empty-title')}</h2>
          <p>{t('lists.reports.empty-text')}</p>
        </div>
      ) : null}
      {results.length > 0 ? (
        <div className="selection-bar">
          <label className="check">
            <input
              type="checkbox"
              checked={allChosen}
              onChange={(e) =>
                setSelected(new Set(e.target.checked ? results.map((r) => r.id) : []))
              }
            />
            {t('lists.reports.select-page')}
          </label>
          <Button
            variant="danger"
            disabled={chosen.length === 0}
            loading={remove.isPending}
            onClick={deleteChosen}
          >
            {t('lists.reports.delete-selected', { count: chosen.length })}
          </Button>
        </div>
      ) : null}
      <ul
        className="list-rows"
        aria-label={t('lists.reports.title')}
        aria-busy={reports.isFetching || undefined}
      >
        {results.map((report) => (
          <ReportRow
            key={report.id}
            report={report}
            date={format.format(new Date(report.created_at))}
            checked={selected.has(report.id)}
            onToggle={(on) => toggle(report.id, on)}
          />
        ))}
      </ul>
      <Pager
        pageSize={LIST_PAGE_SIZE}
        page={params.page}
        count={count}
        onPage={(page) => {
          setSelected(new Set());
          params.set({ page });
        }}
      />
    </section>
  );
}

function ReportRow({
  report,
  date,
  checked,
  onToggle,
}: {
  report: Report;
  date: string;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="list-row report-row" data-report-id={report.id}>
      <div className="report-head">
        <input
          type="checkbox"
          checked={checked}
          aria-label={t('lists.reports.select', { id: report.id })}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <Link to={`/questions/${report.question}`} className="list-question">
          {t('lists.question', { id: report.question })}
        </Link>
        <span className={`report-status report-status-${report.status}`}>
          {t(`lists.reports.status-${report.status}`)}
        </span>
      </div>
      <p className="list-meta">
        {t(`lists.reports.reason-${report.reason}`)} · {t('lists.reports.sent', { date })}
      </p>
      {report.message ? <p className="note-content">{report.message}</p> : null}
      {report.screenshot ? (
        <ScreenshotLink
          url={report.screenshot}
          label={t('lists.reports.screenshot', { id: report.id })}
        />
      ) : null}
      <div className="staff-answer">
        <strong>{t('lists.reports.staff-answer')}:</strong>{' '}
        {report.staff_answer ? report.staff_answer : <em>{t('lists.reports.no-answer')}</em>}
      </div>
    </li>
  );
}
