import { useTranslation } from 'react-i18next';
import '../../../../lib/i18n-learning';

export type NavigatorItem = {
  /** 1-based position. */
  n: number;
  answered: boolean;
  flagged: boolean;
  current: boolean;
};

type Props = {
  items: NavigatorItem[];
  onJump: (n: number) => void;
  /** Flagged positions outside `items` (another page of a study session). */
  flaggedElsewhere?: number[];
  label: string;
};

function stateLabel(item: NavigatorItem, t: (key: string) => string): string {
  const parts = [item.answered ? t('exam-tools.state-answered') : t('exam-tools.state-empty')];
  if (item.flagged) parts.push(t('exam-tools.state-flagged'));
  return parts.join(', ');
}

/** Every question as a button: answered, flagged or empty; a click jumps to it. */
export function QuestionNavigator({ items, onJump, flaggedElsewhere = [], label }: Props) {
  const { t } = useTranslation();
  const answered = items.filter((i) => i.answered).length;
  const flagged = items.filter((i) => i.flagged).length + flaggedElsewhere.length;
  return (
    <nav aria-label={label} className="question-navigator">
      <p className="navigator-legend">
        <span className="legend-answered">
          {t('exam-tools.legend-answered', { count: answered })}
        </span>
        <span className="legend-flagged">{t('exam-tools.legend-flagged', { count: flagged })}</span>
        <span className="legend-empty">
          {t('exam-tools.legend-empty', { count: items.length - answered })}
        </span>
      </p>
      <ul className="exam-grid">
        {items.map((item) => (
          <li key={item.n}>
            <button
              type="button"
              className={[item.answered ? 'is-answered' : '', item.flagged ? 'is-flagged' : '']
                .filter(Boolean)
                .join(' ')}
              aria-current={item.current ? 'true' : undefined}
              aria-label={`${t('exam.go-to', { n: item.n })} (${stateLabel(item, t)})`}
              data-state={item.answered ? 'answered' : 'empty'}
              data-flagged={item.flagged || undefined}
              onClick={() => onJump(item.n)}
            >
              {item.n}
              {item.flagged ? (
                <span className="flag-mark" aria-hidden="true">
                  ⚑
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      {flaggedElsewhere.length > 0 ? (
        <p className="flagged-elsewhere">
          {t('exam-tools.flagged-elsewhere')}{' '}
          {flaggedElsewhere.map((n) => (
            <button
              key={n}
              type="button"
              className="btn btn-link"
              aria-label={t('exam.go-to', { n })}
              onClick={() => onJump(n)}
            >
              {n}
            </button>
          ))}
        </p>
      ) : null}
    </nav>
  );
}
