import type { CalibrationReport, MissClassReport } from '@qbank/contract/confidence';
import { MISS_CLASSES } from '@qbank/contract/confidence-values';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n-learning';

function percent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)} %`;
}

/** Answers, right, wrong and share right per confidence level. */
export function ConfidenceTable({ report }: { report: CalibrationReport }) {
  const { t } = useTranslation();
  return (
    // Focusable so that a keyboard can scroll it sideways on a narrow screen.
    <div
      className="table-wrap"
      role="region"
      aria-label={t('calibration.by-confidence')}
      tabIndex={0}
    >
      <table className="report-table" data-testid="calibration-table">
        <thead>
          <tr>
            <th scope="col">{t('calibration.confidence')}</th>
            <th scope="col">{t('calibration.answers')}</th>
            <th scope="col">{t('calibration.right')}</th>
            <th scope="col">{t('calibration.wrong')}</th>
            <th scope="col">{t('calibration.share-right')}</th>
          </tr>
        </thead>
        <tbody>
          {report.levels.map((row) => (
            <tr key={row.confidence}>
              <th scope="row">{t(`confidence.level.${row.confidence}`)}</th>
              <td>{row.answers}</td>
              <td>{row.correct}</td>
              <td>{row.wrong}</td>
              <td>
                <span className="share-bar" aria-hidden="true">
                  <span style={{ width: percent(row.share_correct ?? 0).replace(' ', '') }} />
                </span>{' '}
                {percent(row.share_correct)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Misses per module and class, with the totals. */
export function MissTable({ report }: { report: MissClassReport }) {
  const { t } = useTranslation();
  const columns = [...MISS_CLASSES, 'unclassified', 'misses'] as const;
  const heading = (c: (typeof columns)[number]) =>
    c === 'unclassified' || c === 'misses' ? t(`calibration.${c}`) : t(`confidence.miss.${c}`);
  return (
    <div
      className="table-wrap"
      role="region"
      aria-label={t('calibration.misses-title')}
      tabIndex={0}
    >
      <table className="report-table" data-testid="miss-table">
        <thead>
          <tr>
            <th scope="col">{t('calibration.module')}</th>
            {columns.map((c) => (
              <th key={c} scope="col">
                {heading(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.modules.map((row) => (
            <tr key={row.module.id}>
              <th scope="row">{row.module.name}</th>
              {columns.map((c) => (
                <td key={c}>{row[c]}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('calibration.total')}</th>
            {columns.map((c) => (
              <td key={c}>{report.totals[c]}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
