import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSimilarQuestions } from '../api/get-similar';

/**
 * After a miss (issue 33): a few questions worded like this one, to practise the same point.
 * Nothing shows while loading, on error, or when none is close enough.
 */
export function SimilarQuestions({ questionId }: { questionId: number }) {
  const { t } = useTranslation();
  const similar = useSimilarQuestions(questionId);
  const results = similar.data?.results ?? [];
  if (!results.length) return null;
  return (
    <nav className="similar-questions" aria-labelledby={`similar-${questionId}`}>
      <h3 id={`similar-${questionId}`}>{t('player.similar-title')}</h3>
      <ul>
        {results.map((q) => (
          <li key={q.id}>
            <Link to={`/questions/${q.id}`}>{q.excerpt}</Link>{' '}
            <span className="similar-course">{q.course_name}</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
