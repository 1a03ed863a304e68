import type { BlueprintRow, StaffMockExam } from '@qbank/contract/mock-exams';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  downloadResults,
  eligibleCounts,
  reportQueryOptions,
  staffMocksQueryOptions,
  useCreateMock,
} from '../api/papers';
import '../i18n';
import '../papers.css';

type Band = '' | 'easy' | 'medium' | 'hard';
type Row = {
  module: string;
  course: string;
  type: '' | 'qcs' | 'qcm';
  band: Band;
  unseen: boolean;
  count: string;
};
const EMPTY_ROW: Row = { module: '', course: '', type: '', band: '', unseen: false, count: '10' };
const ids = (text: string) =>
  text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
/** A datetime-local value (the browser's time) for a moment `ms` from now. */
const localIn = (ms: number) => {
  const d = new Date(Date.now() + ms);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const toIso = (local: string) => new Date(local).toISOString();

function toBlueprint(rows: Row[]): BlueprintRow[] {
  return rows.map((r) => ({
    ...(r.module ? { module: Number(r.module) } : {}),
    ...(r.course ? { course: Number(r.course) } : {}),
    ...(r.type ? { type: r.type } : {}),
    ...(r.band ? { difficulty: r.band } : {}),
    prefer_unseen: r.unseen,
    count: Number(r.count) || 1,
  }));
}

/** /staff/mock-exams: schedule a mock exam; follow participation, results and items. */
export default function StaffMockExamsPage() {
  const { t } = useTranslation('papers');
  useDocumentTitle(t('staff-title'));
  const list = useQuery(staffMocksQueryOptions);
  const create = useCreateMock();
  const [title, setTitle] = useState('');
  const [opens, setOpens] = useState(() => localIn(60 * 60_000));
  const [closes, setCloses] = useState(() => localIn(3 * 60 * 60_000));
  const [results, setResults] = useState(() => localIn(4 * 60 * 60_000));
  const [duration, setDuration] = useState('60');
  const [plan, setPlan] = useState('');
  const [modules, setModules] = useState('');
  const [mode, setMode] = useState<'blueprint' | 'hand'>('blueprint');
  const [byHand, setByHand] = useState('');
  const [rows, setRows] = useState<Row[]>([EMPTY_ROW]);
  const [eligible, setEligible] = useState<number[] | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  // The bank's live count per row, asked again as the blueprint changes (debounced).
  useEffect(() => {
    if (mode !== 'blueprint') return;
    const timer = window.setTimeout(() => {
      eligibleCounts(toBlueprint(rows)).then(
        (r) => setEligible(r.rows.map((x) => x.eligible)),
        () => setEligible(null),
      );
    }, 300);
    return () => window.clearTimeout(timer);
  }, [mode, rows]);

  const setRow = (k: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, i) => (i === k ? { ...r, ...patch } : r)));

  const submit = () =>
    create.mutate(
      {
        title,
        opens_at: toIso(opens),
        closes_at: toIso(closes),
        results_at: toIso(results),
        duration_minutes: Number(duration),
        audience_plan: plan ? Number(plan) : null,
        audience_modules: ids(modules),
        ...(mode === 'blueprint'
          ? { blueprint: toBlueprint(rows) }
          : { question_ids: ids(byHand) }),
      },
      { onSuccess: () => setTitle('') },
    );

  return (
    <section className="page staff-page" aria-labelledby="mocks-staff-title">
      <div className="page-head">
        <h1 id="mocks-staff-title">{t('staff-title')}</h1>
      </div>
      <form
        className="paper-figure"
        aria-labelledby="mock-new-title"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 id="mock-new-title">{t('staff-new')}</h2>
        <div className="field">
          <label htmlFor="mock-title">{t('staff-title-field')}</label>
          <input id="mock-title" value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="mock-opens">{t('staff-opens')}</label>
            <input
              id="mock-opens"
              type="datetime-local"
              value={opens}
              onChange={(e) => setOpens(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="mock-closes">{t('staff-closes')}</label>
            <input
              id="mock-closes"
              type="datetime-local"
              value={closes}
              onChange={(e) => setCloses(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="mock-results">{t('staff-results')}</label>
            <input
              id="mock-results"
              type="datetime-local"
              value={results}
              onChange={(e) => setResults(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="mock-duration">{t('staff-duration')}</label>
            <input
              id="mock-duration"
              inputMode="numeric"
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
            />
          </div>
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="mock-plan">{t('staff-audience-plan')}</label>
            <input
              id="mock-plan"
              inputMode="numeric"
              value={plan}
              onChange={(e) => setPlan(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="mock-modules">{t('staff-audience-modules')}</label>
            <input id="mock-modules" value={modules} onChange={(e) => setModules(e.target.value)} />
          </div>
        </div>
        <fieldset>
          <legend>{t('staff-paper')}</legend>
          <label className="check-inline">
            <input
              type="radio"
              name="mock-mode"
              checked={mode === 'blueprint'}
              onChange={() => setMode('blueprint')}
            />
            {t('staff-blueprint')}
          </label>{' '}
          <label className="check-inline">
            <input
              type="radio"
              name="mock-mode"
              checked={mode === 'hand'}
              onChange={() => setMode('hand')}
            />
            {t('staff-by-hand')}
          </label>
          {mode === 'hand' ? (
            <div className="field">
              <label htmlFor="mock-ids">{t('staff-by-hand')}</label>
              <input id="mock-ids" value={byHand} onChange={(e) => setByHand(e.target.value)} />
            </div>
          ) : (
            rows.map((row, k) => (
              <fieldset key={k} className="field-row" data-testid={`blueprint-row-${k + 1}`}>
                <legend>{t('staff-row', { n: k + 1 })}</legend>
                <div className="field">
                  <label htmlFor={`row-${k}-module`}>{t('staff-module')}</label>
                  <input
                    id={`row-${k}-module`}
                    inputMode="numeric"
                    value={row.module}
                    onChange={(e) => setRow(k, { module: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`row-${k}-course`}>{t('staff-course')}</label>
                  <input
                    id={`row-${k}-course`}
                    inputMode="numeric"
                    value={row.course}
                    onChange={(e) => setRow(k, { course: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`row-${k}-type`}>{t('staff-type')}</label>
                  <select
                    id={`row-${k}-type`}
                    value={row.type}
                    onChange={(e) => setRow(k, { type: e.target.value as Row['type'] })}
                  >
                    <option value="">{t('staff-any')}</option>
                    <option value="qcs">qcs</option>
                    <option value="qcm">qcm</option>
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`row-${k}-band`}>{t('staff-band')}</label>
                  <select
                    id={`row-${k}-band`}
                    value={row.band}
                    onChange={(e) => setRow(k, { band: e.target.value as Band })}
                  >
                    <option value="">{t('staff-any')}</option>
                    <option value="easy">{t('staff-band-easy')}</option>
                    <option value="medium">{t('staff-band-medium')}</option>
                    <option value="hard">{t('staff-band-hard')}</option>
                  </select>
                </div>
                <label className="inline-check">
                  <input
                    type="checkbox"
                    checked={row.unseen}
                    onChange={(e) => setRow(k, { unseen: e.target.checked })}
                  />
                  {t('staff-unseen')}
                </label>
                <div className="field">
                  <label htmlFor={`row-${k}-count`}>{t('staff-count')}</label>
                  <input
                    id={`row-${k}-count`}
                    inputMode="numeric"
                    value={row.count}
                    onChange={(e) => setRow(k, { count: e.target.value })}
                  />
                </div>
                <p role="status" data-testid={`eligible-${k + 1}`}>
                  {eligible?.[k] !== undefined
                    ? t('staff-eligible', { eligible: eligible[k] })
                    : ''}
                </p>
                {rows.length > 1 ? (
                  <Button
                    variant="link"
                    onClick={() => setRows((rs) => rs.filter((_, i) => i !== k))}
                  >
                    {t('staff-remove-row', { n: k + 1 })}
                  </Button>
                ) : null}
              </fieldset>
            ))
          )}
          {mode === 'blueprint' ? <p className="field-hint">{t('staff-blueprint-hint')}</p> : null}
          {mode === 'blueprint' ? (
            <Button variant="secondary" onClick={() => setRows((rs) => [...rs, EMPTY_ROW])}>
              {t('staff-add-row')}
            </Button>
          ) : null}
        </fieldset>
        <FormAlert>
          {create.error instanceof ApiError ? create.error.messages.join(' ') : null}
        </FormAlert>
        {create.isSuccess ? <p role="status">{t('staff-created')}</p> : null}
        <div className="actions">
          <Button type="submit" loading={create.isPending}>
            {t('staff-create')}
          </Button>
        </div>
      </form>
      {list.isPending ? <Spinner label={t('loading')} /> : null}
      <ul className="paper-list" aria-label={t('staff-title')}>
        {list.data?.map((exam) => (
          <StaffItem
            key={exam.id}
            exam={exam}
            open={open === exam.id}
            onToggle={() => setOpen(open === exam.id ? null : exam.id)}
          />
        ))}
      </ul>
    </section>
  );
}

function StaffItem({
  exam,
  open,
  onToggle,
}: {
  exam: StaffMockExam;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('papers');
  return (
    <li className="paper-item" data-mock-id={exam.id}>
      <div className="paper-main">
        <h2>{exam.title}</h2>
        <p>{t('staff-participation', { started: exam.started, submitted: exam.submitted })}</p>
        {open ? <Report id={exam.id} /> : null}
      </div>
      <div className="actions">
        <Button variant="secondary" aria-expanded={open} onClick={onToggle}>
          {t('staff-report')}
        </Button>
        <Button variant="secondary" onClick={() => void downloadResults(exam.id)}>
          {t('staff-csv')}
        </Button>
      </div>
    </li>
  );
}

function Report({ id }: { id: number }) {
  const { t } = useTranslation('papers');
  const report = useQuery(reportQueryOptions(id));
  if (!report.data) return <Spinner label={t('loading')} />;
  const r = report.data;
  return (
    <div>
      <p>{t('staff-takers', { count: r.takers, mean: r.mean ?? '—' })}</p>
      <div className="paper-table-scroll">
        <table className="paper-table">
          <caption>{t('distribution')}</caption>
          <tbody>
            {r.distribution.map((b) => (
              <tr key={b.from}>
                <th scope="row">{t('band', { from: b.from, to: b.to })}</th>
                <td>{b.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="paper-table-scroll">
        <table className="paper-table">
          <caption>{t('staff-items')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staff-question')}</th>
              <th scope="col">{t('staff-share-right')}</th>
              <th scope="col">{t('staff-discrimination')}</th>
            </tr>
          </thead>
          <tbody>
            {r.items.map((item, k) => (
              <tr key={item.question}>
                <th scope="row">
                  {k + 1} (#{item.question})
                </th>
                <td>{item.share_right}</td>
                <td>{item.discrimination ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
