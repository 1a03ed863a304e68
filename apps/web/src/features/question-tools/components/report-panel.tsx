import { REPORT_REASON_VALUES } from '@qbank/contract/constants';
import type { ReportCreate } from '@qbank/contract/discussion';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ImagePicker, UploadProgress } from '../../../components/ui/image-picker';
import { ApiError } from '../../../lib/api-client';
import { useCreateReport } from '../api/reports';

/**
 * Report a question: reason, message and an optional screenshot; the server's answer is shown
 * unchanged (seed §8).
 */
export default function ReportPanel({ question }: { question: number }) {
  const { t } = useTranslation();
  const id = useId();
  const report = useCreateReport();
  const [reason, setReason] = useState<ReportCreate['reason']>('wrong_answer');
  const [message, setMessage] = useState('');
  const [shots, setShots] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const screenshot = shots[0] ?? null;
    setProgress(screenshot ? 0 : null);
    report.mutate(
      { question, reason, message, screenshot, onProgress: setProgress },
      { onSettled: () => setProgress(null) },
    );
  }

  if (report.isSuccess) return <FormAlert tone="success">{t('tools.report-sent')}</FormAlert>;
  const error = report.error instanceof ApiError ? report.error.messages.join(' ') : null;

  return (
    <form className="tool-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{t('tools.report-reason')}</label>
        <select
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value as ReportCreate['reason'])}
        >
          {REPORT_REASON_VALUES.map((r) => (
            <option key={r} value={r}>
              {t(`tools.reasons.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>{t('tools.report-message')}</label>
        <textarea
          id={`${id}-message`}
          rows={5}
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      <ImagePicker
        label={t('tools.report-screenshot')}
        hint={t('tools.report-screenshot-hint')}
        removeLabel={(name) => t('tools.remove-file', { name })}
        files={shots}
        // One screenshot: a new pick replaces the previous one.
        onChange={(files) => setShots(files.slice(-1))}
        disabled={report.isPending}
      />
      <UploadProgress label={t('tools.uploading')} fraction={progress} />
      {report.isError ? <FormAlert>{error || t('errors.failed')}</FormAlert> : null}
      <div className="actions">
        <Button type="submit" loading={report.isPending}>
          {t('tools.send-report')}
        </Button>
      </div>
    </form>
  );
}
