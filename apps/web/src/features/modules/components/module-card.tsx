import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Module } from '@qbank/contract/catalogue';
import '../../../lib/i18n-screens';

export function ModuleCard({ module }: { module: Module }) {
  const { t } = useTranslation();
  const percent = module.questions_count
    ? Math.round((module.answered_count / module.questions_count) * 100)
    : 0;
  const success = module.answered_count
    ? Math.round((module.correct_count / module.answered_count) * 100)
    : 0;
  return (
    <li className="module-card">
      {module.image ? (
        <img src={module.image} alt="" className="module-image" loading="lazy" />
      ) : (
        <span className="module-initial" aria-hidden="true">
          {module.name.slice(0, 1)}
        </span>
      )}
      <div className="module-body">
        <h3>
          <Link to={`/modules/${module.id}`} className="module-link">
            {module.name}
          </Link>
        </h3>
        {module.description ? <p className="module-description">{module.description}</p> : null}
        <p className="module-counts">
          {t('modules.courses', { count: module.courses_count })} ·{' '}
          {t('modules.questions', { count: module.questions_count })}
        </p>
        <div className="progress-line">
          <progress
            max={100}
            value={percent}
            aria-label={t('modules.progress-label', { name: module.name })}
          >
            {percent}%
          </progress>
          <span>{t('modules.progress', { percent, success })}</span>
        </div>
      </div>
    </li>
  );
}
