import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toPlainText } from '../../../components/question-content';
import '../../../lib/i18n-learning';

/** One question of the queue or the shelf: its stem (plain text), a leech flag, details. */
export function QuestionLine({
  id,
  stem,
  isLeech,
  children,
}: {
  id: number;
  stem: string;
  isLeech: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className={isLeech ? 'review-item is-leech' : 'review-item'}>
      <Link to={`/questions/${id}`} className="review-stem">
        {toPlainText(stem) || t('review.question', { id })}
      </Link>
      <div className="review-meta">
        {isLeech ? <span className="review-badge">{t('review.leech')}</span> : null}
        {children}
      </div>
    </li>
  );
}
