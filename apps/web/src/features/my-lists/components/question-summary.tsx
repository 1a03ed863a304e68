import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A question in a list: its stem's opening as a link to the question's page. */
export function QuestionLink({
  id,
  stem,
  locked = false,
}: {
  id: number;
  stem: string;
  locked?: boolean;
}) {
  const { t } = useTranslation();
  const text = stem.trim() ? plain(stem) : t(locked ? 'lists.locked' : 'lists.question', { id });
  return (
    <Link to={`/questions/${id}`} className="list-question">
      {text}
    </Link>
  );
}

/** Markdown and math marks out of a list line (the question page renders the real thing). */
function plain(markdown: string): string {
  const text = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>$\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
