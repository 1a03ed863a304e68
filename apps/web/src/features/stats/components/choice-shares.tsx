import { choiceLetter } from '@qbank/contract/constants';
import type { ChoiceShare } from '@qbank/contract/stats';
import { useTranslation } from 'react-i18next';

type Props = {
  /** Each choice's share of other learners, by id (the server lists them in letter order). */
  shares: ChoiceShare[];
  /** The choices in the order the learner saw them: the letters match the question's. */
  shown: { id: number }[];
};

/**
 * The share of other learners who picked each choice, under the letters the learner saw (a
 * random answer order shows the key's B as A): the study panel and the exam review both.
 */
export function ChoiceShares({ shares, shown }: Props) {
  const { t } = useTranslation();
  const byId = new Map(shares.map((c) => [c.id, c]));
  return (
    <ul className="peer-choices" data-testid="choice-shares">
      {shown.map((choice, i) => {
        const share = Math.round((byId.get(choice.id)?.share ?? 0) * 100);
        return (
          <li key={choice.id}>
            <span className="peer-letter">{choiceLetter(i)}</span>
            <span className="peer-bar" aria-hidden="true">
              <span style={{ width: `${share}%` }} />
            </span>
            <span className="peer-share">{t('stats.others-picked', { share })}</span>
          </li>
        );
      })}
    </ul>
  );
}
