import type { BackupRun, BackupStatus } from '@qbank/contract/backups';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBackUpNow, useBackupStatus } from '../api/backup-status';
import '../i18n';

const BADGE: Record<BackupStatus['state'], string> = {
  ok: 'badge-active',
  failed: 'badge-rejected',
  overdue: 'badge-pending',
  missing: 'badge-rejected',
};

/** Backups (issue 37): the last run's time, size and result; a failed or missing one stands out. */
export default function BackupsPage() {
  const { t } = useTranslation('staff');
  useDocumentTitle(t('backups.title'));
  const status = useBackupStatus();
  const backUp = useBackUpNow();

  const run = () =>
    backUp.mutate(undefined, {
      onSuccess: (next) =>
        next.last?.status === 'succeeded'
          ? notify('success', t('backups.done'))
          : notify('error', t('backups.failed-now')),
      // Another member of staff (or the schedule) is backing up: its result shows here when done.
      onError: (error) =>
        error instanceof ApiError && error.status === 409
          ? notify('info', t('backups.busy'))
          : notify('error', t('errors.generic')),
    });

  return (
    <section className="page" aria-labelledby="backups-title">
      <h1 id="backups-title">{t('backups.title')}</h1>
      {status.isPending ? <Spinner label={t('loading')} /> : null}
      {status.isError ? <FormAlert>{t('errors.load')}</FormAlert> : null}
      {status.data ? <StatusPanel status={status.data} /> : null}
      <div className="staff-toolbar">
        <Button onClick={run} loading={backUp.isPending}>
          {t('backups.now')}
        </Button>
      </div>
      <p className="muted">{t('backups.help')}</p>
    </section>
  );
}

function StatusPanel({ status }: { status: BackupStatus }) {
  const { t } = useTranslation('staff');
  const schedule =
    status.every_hours === null
      ? t('backups.no-schedule')
      : t('backups.schedule', { hours: status.every_hours, keep: status.keep });
  return (
    <div className="backup-panel" role={status.state === 'ok' ? undefined : 'alert'}>
      <p>
        <span className={`badge ${BADGE[status.state]}`}>
          {t(`backups.states.${status.state}`)}
        </span>{' '}
        {t(`backups.explain.${status.state}`)}
      </p>
      {status.last ? <RunDetails title={t('backups.last')} run={status.last} /> : null}
      {status.last_success &&
      status.last_success !== status.last &&
      status.last?.status === 'failed' ? (
        <RunDetails title={t('backups.last-success')} run={status.last_success} />
      ) : null}
      <p className="muted">{schedule}</p>
    </div>
  );
}

function RunDetails({ title, run }: { title: string; run: BackupRun }) {
  const { t, i18n } = useTranslation('staff');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const size = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <dl className="backup-run">
      <dt>{title}</dt>
      <dd>{when.format(new Date(run.finished_at))}</dd>
      <dt>{t('backups.result')}</dt>
      <dd>
        {t(`backups.results.${run.status}`)} ({t(`backups.triggers.${run.trigger}`)})
      </dd>
      {run.status === 'succeeded' ? (
        <>
          <dt>{t('backups.size')}</dt>
          <dd>
            {t('backups.size-value', {
              size: size.format(run.size_bytes / 1024 / 1024),
              files: run.file_count,
            })}
          </dd>
          <dt>{t('backups.location')}</dt>
          <dd className="backup-location">{run.location}</dd>
        </>
      ) : (
        <>
          <dt>{t('backups.error')}</dt>
          <dd>{run.error}</dd>
        </>
      )}
    </dl>
  );
}
