import { useState } from 'react';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useStatsModules } from '../api/get-modules';
import { useRelevance } from '../api/get-relevance';
import { chartColors, ChartBlock, horizontalBarOptions } from './chart-block';
import '../../../lib/i18n-learning';

/** Exam relevance: of a module's past exams, how many asked each course, and by year. */
export function RelevancePanel({ initialModule }: { initialModule: number | null }) {
  const { t } = useTranslation();
  const modules = useStatsModules();
  const list = (modules.data ?? []).filter((m) => !m.is_hidden);
  // Until the learner picks one: the module the dashboard suggests (it may arrive later).
  const [chosen, setChosen] = useState<number | null>(null);
  const module = chosen ?? initialModule ?? list[0]?.id ?? null;
  const relevance = useRelevance(module);
  const data = relevance.data;
  const c = chartColors();
  const courses = data?.courses ?? [];
  return (
    <div className="stats-relevance">
      <div className="field stats-by">
        <label htmlFor="stats-relevance-module">{t('stats.relevance-module')}</label>
        <select
          id="stats-relevance-module"
          value={module ?? ''}
          onChange={(e) => setChosen(Number(e.target.value))}
        >
          {list.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      {relevance.isFetching && !data ? <Spinner label={t('stats.loading')} /> : null}
      {data ? (
        <ChartBlock
          id="stats-relevance"
          title={t('stats.relevance')}
          summary={t('stats.relevance-summary', { count: data.exams_total })}
          chart={
            <div style={{ height: `${Math.max(160, courses.length * 34 + 60)}px` }}>
              <Bar
                aria-label={t('stats.relevance-summary', { count: data.exams_total })}
                data={{
                  labels: courses.map((r) => r.name),
                  datasets: [
                    {
                      label: t('stats.exams-with-course'),
                      data: courses.map((r) => r.exams),
                      backgroundColor: c.accent,
                    },
                  ],
                }}
                options={horizontalBarOptions({ precision: 0 })}
              />
            </div>
          }
          table={
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('stats.by-course')}</th>
                  <th scope="col">{t('stats.exams-of', { total: data.exams_total })}</th>
                  {data.years.map((y) => (
                    <th scope="col" key={y}>
                      {y}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {courses.map((r) => (
                  <tr key={r.course}>
                    <th scope="row">{r.name}</th>
                    <td className="num">{r.exams}</td>
                    {data.years.map((y) => (
                      <td className="num" key={y}>
                        {r.by_year.find((b) => b.year === y)?.questions ?? 0}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      ) : null}
    </div>
  );
}
