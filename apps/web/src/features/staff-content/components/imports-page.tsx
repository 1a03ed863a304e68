import { EXPORT_FORMATS, IMPORT_FORMATS } from '@qbank/contract/constants';
import type { ImportReport } from '@qbank/contract/staff-content';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { downloadExport } from '../api/download-export';
import { useImportJob } from '../api/get-import-job';
import { useUploadImport } from '../api/upload-import';
import { NS } from '../i18n';
import '../staff-content.css';
import { DuplicateThreshold, ImportDuplicates } from './duplicates';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** What teachers' files come in: Excel saves Windows-1252 in Western Europe and North Africa. */
const ENCODINGS = ['utf-8', 'windows-1252', 'iso-8859-15', 'utf-16le', 'gb18030', 'shift_jis'];

function Problems({ title, list }: { title: string; list: ImportReport['errors'] }) {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('imports.title'));
  if (!list.length) return null;
  return (
    <section aria-label={title}>
      <h3>
        {title} ({list.length})
      </h3>
      <ul className="problem-list">
        {list.map((p, i) => (
          <li key={i}>
            {p.line ? (
              <strong>
                {p.end_line
                  ? t('imports.lines', { line: p.line, end: p.end_line })
                  : t('imports.line', { line: p.line })}
              </strong>
            ) : null}{' '}
            {p.record ? <code>{p.record}</code> : null} {p.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /staff/imports: upload, dry-run report, import with a progress bar; and the exports. */
export default function ImportsPage() {
  const { t } = useTranslation(NS);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState('');
  const [module, setModule] = useState('');
  const [encoding, setEncoding] = useState('auto');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [exportError, setExportError] = useState('');
  const upload = useUploadImport();
  const job = useImportJob(jobId);

  const check = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setJobId(null);
    upload.mutate({ file, format, module, encoding, dryRun: true }, { onSuccess: setReport });
  };
  const run = () => {
    if (!file) return;
    upload.mutate(
      { file, format, module, encoding, dryRun: false },
      {
        onSuccess: (result) => {
          setReport(result);
          setJobId(result.job);
        },
      },
    );
  };
  const progress = job.data;

  return (
    <section className="page staff-page">
      <div className="page-head">
        <h1>{t('imports.title')}</h1>
      </div>
      <form className="import-form" onSubmit={check}>
        <div className="field">
          <label htmlFor="import-file">{t('imports.file')}</label>
          <input
            id="import-file"
            type="file"
            accept=".json,.csv,.gift,.txt,.xml,.aiken"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
              setJobId(null);
            }}
          />
          <p className="field-hint">{t('imports.formats')}</p>
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="import-format">{t('imports.format')}</label>
            <select id="import-format" value={format} onChange={(e) => setFormat(e.target.value)}>
              <option value="">{t('imports.format-auto')}</option>
              {IMPORT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="import-encoding">{t('imports.encoding')}</label>
            <select
              id="import-encoding"
              value={encoding}
              onChange={(e) => setEncoding(e.target.value)}
            >
              <option value="auto">{t('imports.encoding-auto')}</option>
              {ENCODINGS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="import-module">{t('imports.module')}</label>
            <input id="import-module" value={module} onChange={(e) => setModule(e.target.value)} />
          </div>
        </div>
        <FormAlert>{upload.error?.message}</FormAlert>
        <Button
          type="submit"
          disabled={!file}
          loading={upload.isPending && upload.variables?.dryRun}
        >
          {t('imports.check')}
        </Button>
      </form>
      <DuplicateThreshold />

      {report ? (
        <section className="import-report" aria-label={t('imports.report')}>
          <h2>{t('imports.report')}</h2>
          {report.ok ? (
            <FormAlert tone="success">
              {t('imports.valid', { count: report.questions, format: report.format })}
            </FormAlert>
          ) : (
            <FormAlert>{t('imports.refused', { count: report.errors.length })}</FormAlert>
          )}
          <Problems title={t('imports.errors')} list={report.errors} />
          <Problems title={t('imports.skipped')} list={report.skipped} />
          <Problems title={t('imports.warnings')} list={report.warnings} />
          {report.duplicates ? (
            <ImportDuplicates
              duplicates={report.duplicates}
              threshold={report.duplicate_threshold ?? 0}
            />
          ) : null}
          {report.ok && !jobId ? (
            <Button onClick={run} loading={upload.isPending && !upload.variables?.dryRun}>
              {t('imports.run', { count: report.questions })}
            </Button>
          ) : null}
        </section>
      ) : null}

      {progress ? (
        <section className="import-progress" aria-label={t('imports.progress')}>
          <label htmlFor="import-progress">{t('imports.progress')}</label>
          <progress id="import-progress" max={progress.total || 1} value={progress.done}>
            {progress.done} / {progress.total}
          </progress>
          <p aria-live="polite">
            {progress.state === 'running'
              ? t('imports.running', { done: progress.done, total: progress.total })
              : progress.state === 'done'
                ? t('imports.done', { created: progress.created, updated: progress.updated })
                : t('imports.failed', { error: progress.error })}
          </p>
          {progress.state === 'done' ? (
            <Link to="/staff/questions">{t('imports.to-bank')}</Link>
          ) : null}
        </section>
      ) : null}

      <section className="exports" aria-label={t('exports.title')}>
        <h2>{t('exports.title')}</h2>
        <p>{t('exports.text')}</p>
        <div className="actions">
          {EXPORT_FORMATS.map((f) => (
            <Button
              key={f}
              variant="secondary"
              onClick={() => {
                setExportError('');
                downloadExport(f).catch((error: Error) => setExportError(error.message));
              }}
            >
              {t(`exports.${f}`)}
            </Button>
          ))}
        </div>
        <FormAlert>{exportError}</FormAlert>
      </section>
    </section>
  );
}
