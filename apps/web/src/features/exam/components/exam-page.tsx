import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useExam } from '../exam-store';
import { ExamResults } from './exam-results';
import { ExamRunner } from './exam-runner';
import '../exam.css';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-learning';

/** The exam in progress, or its results and review once submitted. */
export default function ExamPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('exam.no-exam-title'));
  const exam = useExam();
  if (!exam) {
    return (
      <section className="page" aria-labelledby="exam-none-title">
        <h1 id="exam-none-title">{t('exam.no-exam-title')}</h1>
        <p>{t('exam.no-exam-text')}</p>
        <Link className="btn btn-primary" to="/exam">
          {t('exam.build')}
        </Link>
      </section>
    );
  }
  return exam.results ? <ExamResults exam={exam} /> : <ExamRunner exam={exam} />;
}
