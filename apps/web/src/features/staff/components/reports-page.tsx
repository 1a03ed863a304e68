import { REPORT_STATUS_VALUES } from '@qbank/contract/constants';
import type { ReportGroup } from '@qbank/contract/backoffice';
import type { StaffReport } from '@qbank/contract/discussion';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ScreenshotLink } from '../../../components/ui/screenshot-link';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useAnswerReport, useQuestionReports, useReportGroups, PAGE_SIZE } from '../api/staff-api';
import '../i18n';
import { Pager } from '../../../components/ui/pager';
import { useUrlState } from '../../../lib/use-url-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { toPlainText } from '../../../components/question-content';

const STATUSES = REPORT_STATUS_VALUES;

/** The report queue grouped by question, most reported first; answer each report from here. */
export default function ReportsPage() {
  const { t } = useTranslation('staff');
  useDocumentTitle(t('reports.title'));
  const url = useUrlState({ replace: true });
  const status = url.get('status') ?? 'open';
  const groups = useReportGroups({ page: url.page, status });

  return (
    <section className="page" aria-labelledby="reports-title">
      <h1 id="reports-title">{t('reports.title')}</h1>
      <div className="staff-toolbar">
        <div className="staff-tabs" role="group" aria-label={t('reports.status')}>
          {STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={status === s}
              onClick={() => url.set({ status: s === 'open' ? undefined : s })}
            >
              {t(`reports.statuses.${s}`)}
            </button>
          ))}
        </div>
      </div>
      {groups.isPending ? <Spinner label={t('loading')} /> : null}
      {groups.isError ? <FormAlert>{t('errors.load')}</FormAlert> : null}
      {groups.isSuccess && groups.data.count === 0 ? (
        <p className="empty-state">{t('reports.empty')}</p>
      ) : null}
      <ul className="staff-cards">
        {(groups.data?.results ?? []).map((g) => (
          <Group key={`${status}-${g.question.id}`} group={g} status={status} />
        ))}
      </ul>
      <Pager
        pageSize={PAGE_SIZE}
        page={url.page}
        count={groups.data?.count ?? 0}
        onPage={(page) => url.set({ page: String(page) })}
      />
    </section>
  );
}

function Group({ group, status }: { group: ReportGroup; status: string }) {
  const { t } = useTranslation('staff');
  const [open, setOpen] = useState(false);
  const id = useId();
  const q = group.question;
  return (
    <li className="staff-card">
      <div className="staff-card-body">
        <h2 className="staff-card-title">
          <span className="badge badge-count">{t('reports.count', { count: group.count })}</span>{' '}
          {t('reports.question', { id: q.id })} · <span className="muted">{q.course_name}</span>
        </h2>
        <p className="stem-excerpt">{toPlainText(q.stem)}</p>
        <p className="muted">
          {Object.entries(group.reasons)
            .map(
              ([reason, n]) => `${t(`reports.reasons.${reason}`, { defaultValue: reason })} × ${n}`,
            )
            .join(' · ')}
        </p>
        <div className="actions">
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen(!open)}
          >
            {t(open ? 'reports.hide' : 'reports.show')}
          </Button>
          <Link className="btn btn-secondary" to={`/staff/questions/${q.id}`}>
            {t('reports.open-editor')}
          </Link>
          <Link className="btn btn-link" to={`/questions/${q.id}`}>
            {t('reports.view-question')}
          </Link>
        </div>
        <div id={id} hidden={!open}>
          {open ? <QuestionReports question={q.id} status={status} /> : null}
        </div>
      </div>
    </li>
  );
}

function QuestionReports({ question, status }: { question: number; status: string }) {
  const { t } = useTranslation('staff');
  const reports = useQuestionReports(question, status);
  if (reports.isPending) return <Spinner label={t('loading')} />;
  if (reports.isError) return <FormAlert>{t('errors.load')}</FormAlert>;
  return (
    <ol className="report-list">
      {reports.data.results.map((r) => (
        <ReportItem key={r.id} report={r} />
      ))}
    </ol>
  );
}

function ReportItem({ report }: { report: StaffReport }) {
  const { t, i18n } = useTranslation('staff');
  const answer = useAnswerReport();
  const [text, setText] = useState(report.staff_answer);
  const id = useId();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const messages =
    answer.error instanceof ApiError
      ? answer.error.messages
      : answer.error
        ? [t('errors.generic')]
        : [];

  function decide(status: 'resolved' | 'rejected') {
    answer.mutate(
      { id: report.id, status, staff_answer: text.trim() },
      { onSuccess: () => notify('success', t(`reports.done-${status}`)) },
    );
  }

  return (
    <li className="report-item">
      <p>
        <strong>{t(`reports.reasons.${report.reason}`, { defaultValue: report.reason })}</strong> ·{' '}
        {report.reporter_email ?? t('reports.deleted-user')} ·{' '}
        <time dateTime={report.created_at}>{date.format(new Date(report.created_at))}</time>
      </p>
      {report.message ? <blockquote>{report.message}</blockquote> : null}
      {report.screenshot ? (
        <ScreenshotLink
          url={report.screenshot}
          label={t('reports.screenshot', { id: report.id })}
        />
      ) : null}
      {report.status === 'open' ? (
        <form onSubmit={(e) => e.preventDefault()}>
          <div className="field">
            <label htmlFor={`${id}-answer`}>{t('reports.answer')}</label>
            <textarea
              id={`${id}-answer`}
              rows={2}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          {messages.length ? <FormAlert>{messages.join(' ')}</FormAlert> : null}
          <div className="actions">
            <Button
              loading={answer.isPending && answer.variables?.status === 'resolved'}
              onClick={() => decide('resolved')}
            >
              {t('reports.resolve')}
            </Button>
            <Button
              variant="danger"
              loading={answer.isPending && answer.variables?.status === 'rejected'}
              onClick={() => decide('rejected')}
            >
              {t('reports.reject')}
            </Button>
          </div>
        </form>
      ) : (
        <p>
          <span className={`badge badge-${report.status}`}>
            {t(`reports.statuses.${report.status}`)}
          </span>{' '}
          {report.staff_answer ? `${t('reports.answer')}: ${report.staff_answer}` : null}
        </p>
      )}
    </li>
  );
}
