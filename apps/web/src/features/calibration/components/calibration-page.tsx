import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { toPlainText } from '../../../components/question-content';
import { useCalibration } from '../api/get-calibration';
import { useMissClasses } from '../api/get-miss-classes';
import { useModules } from '../api/get-modules';
import { ConfidenceTable, MissTable } from './calibration-tables';
import '../calibration.css';
import '../../../lib/i18n-learning';

/** Calibration: "sure but wrong" first, then right or wrong by confidence, then misses by module. */
export default function CalibrationPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const moduleParam = Number(search.get('module'));
  const module = Number.isInteger(moduleParam) && moduleParam > 0 ? moduleParam : undefined;
  const calibration = useCalibration(module);
  const misses = useMissClasses(module);
  const modules = useModules();
  const error = calibration.error ?? misses.error;
  const report = calibration.data;
  const rated = report ? report.levels.reduce((sum, l) => sum + l.answers, 0) : 0;

  return (
    <section className="page calibration" aria-labelledby="calibration-title">
      <div className="page-head">
        <div>
          <p className="breadcrumb">
            <Link to="/history">{t('history.title')}</Link>
          </p>
          <h1 id="calibration-title">{t('calibration.title')}</h1>
        </div>
      </div>
      <p className="calibration-intro">{t('calibration.intro')}</p>
      <div className="filter-bar">
        <label>
          {t('calibration.module')}
          <select
            value={module ?? ''}
            onChange={(e) => setSearch(e.target.value ? { module: e.target.value } : {})}
          >
            <option value="">{t('calibration.all-modules')}</option>
            {(modules.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error ? (
        <FormAlert>
          {t('calibration.load-failed')}{' '}
          <Button
            variant="link"
            onClick={() => {
              void calibration.refetch();
              void misses.refetch();
            }}
          >
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : null}
      {!error && (!report || !misses.data) ? <Spinner label={t('calibration.loading')} /> : null}
      {report && rated === 0 ? (
        <div className="empty-state">
          <h2>{t('calibration.empty-title')}</h2>
          <p>{t('calibration.empty-text')}</p>
          <Link className="btn btn-secondary" to="/settings">
            {t('calibration.settings')}
          </Link>
        </div>
      ) : null}
      {report && rated > 0 ? (
        <>
          <h2>{t('calibration.sure-but-wrong')}</h2>
          <p data-testid="sure-but-wrong-count">
            {report.sure_but_wrong_count > 0
              ? t('calibration.sure-but-wrong-count', { count: report.sure_but_wrong_count })
              : t('calibration.sure-but-wrong-none')}
          </p>
          {report.sure_but_wrong.length > 0 ? (
            <ul className="sure-but-wrong">
              {report.sure_but_wrong.map((entry) => (
                <li key={entry.id}>
                  {/* The stem is the link's name: an aria-label hid it behind "Open question N". */}
                  <Link to={`/questions/${entry.question.id}`}>
                    {toPlainText(entry.question.stem)}
                  </Link>
                  {entry.miss_class ? (
                    <span className="miss-badge">{t(`confidence.miss.${entry.miss_class}`)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          <h2>{t('calibration.by-confidence')}</h2>
          <ConfidenceTable report={report} />
          {report.unrated > 0 ? (
            <p className="field-hint">{t('calibration.unrated', { count: report.unrated })}</p>
          ) : null}
        </>
      ) : null}
      {misses.data ? (
        <>
          <h2>{t('calibration.misses-title')}</h2>
          {misses.data.modules.length > 0 ? (
            <MissTable report={misses.data} />
          ) : (
            <p>{t('calibration.no-misses')}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
