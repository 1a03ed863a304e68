import type { Forecast } from '@qbank/contract/review';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n-learning';

/** A calendar date (YYYY-MM-DD) as "3 Mar" in the learner's language. */
export const shortDate = (iso: string) =>
  new Date(`${iso}T12:00:00`).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/** The forecast as a table: what a screen reader reads instead of the chart. */
export function ForecastTable({ forecast }: { forecast: Forecast }) {
  const { t } = useTranslation();
  return (
    <table className="review-table">
      <caption>{t('review.forecast-table')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('review.forecast-date')}</th>
          <th scope="col">{t('review.forecast-reviews')}</th>
        </tr>
      </thead>
      <tbody>
        {forecast.days.map((d) => (
          <tr key={d.date}>
            <td>{shortDate(d.date)}</td>
            <td className="num">{d.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
