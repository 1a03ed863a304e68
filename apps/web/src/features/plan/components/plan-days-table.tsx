import type { StudyPlan } from '@qbank/contract/study-plan';
import { useTranslation } from 'react-i18next';
import '../i18n';

/** A calendar date (YYYY-MM-DD) as "3 Mar" in the learner's language. */
export const shortDate = (iso: string) =>
  new Date(`${iso}T12:00:00`).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/** The chart's figures as a table (what a screen reader reads), folded under it. */
export function PlanDaysTable({ plan }: { plan: StudyPlan }) {
  const { t } = useTranslation('plan');
  return (
    <table className="review-table">
      <caption>{t('chart-title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('date')}</th>
          <th scope="col">{t('series-new')}</th>
          <th scope="col">{t('series-reviews')}</th>
        </tr>
      </thead>
      <tbody>
        {plan.days.map((d) => (
          <tr key={d.date} className={d.day_off ? 'plan-day-off' : undefined}>
            <td>
              {shortDate(d.date)}
              {d.day_off ? ` (${t('off')})` : ''}
            </td>
            <td className="num">{d.new}</td>
            <td className="num">{d.reviews}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
