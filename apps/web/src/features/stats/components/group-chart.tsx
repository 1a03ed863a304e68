import type { Dashboard } from '@qbank/contract/stats';
import { useState } from 'react';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { secondsPer, shareRight } from '../lib/series';
import { chartColors, ChartBlock, horizontalBarOptions } from './chart-block';
import '../../../lib/i18n-learning';

type By = 'module' | 'course' | 'source';

/** Share right and counts by module, course or source: a bar per group and its table. */
export function GroupChart({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const [by, setBy] = useState<By>('module');
  const groups =
    by === 'module'
      ? dashboard.by_module
      : by === 'course'
        ? dashboard.by_course
        : dashboard.by_source;
  const c = chartColors();
  const best = [...groups].sort(
    (a, b) => (shareRight(b.correct, b.answers) ?? 0) - (shareRight(a.correct, a.answers) ?? 0),
  )[0];
  const summary = best
    ? t('stats.group-summary', {
        count: groups.length,
        best: best.name,
        share: shareRight(best.correct, best.answers),
      })
    : t('stats.no-data');
  return (
    <div className="stats-group">
      <div className="field stats-by">
        <label htmlFor="stats-by">{t('stats.group-by')}</label>
        <select id="stats-by" value={by} onChange={(e) => setBy(e.target.value as By)}>
          <option value="module">{t('stats.by-module')}</option>
          <option value="course">{t('stats.by-course')}</option>
          <option value="source">{t('stats.by-source')}</option>
        </select>
      </div>
      <ChartBlock
        id="stats-groups"
        title={t(`stats.share-by-${by}`)}
        summary={summary}
        chart={
          <div style={{ height: `${Math.max(160, groups.length * 34 + 60)}px` }}>
            <Bar
              aria-label={summary}
              data={{
                labels: groups.map((g) => g.name),
                datasets: [
                  {
                    label: t('stats.share-right-percent'),
                    data: groups.map((g) => shareRight(g.correct, g.answers)),
                    backgroundColor: c.accent,
                  },
                ],
              }}
              options={horizontalBarOptions({ max: 100 })}
            />
          </div>
        }
        table={
          <table>
            <thead>
              <tr>
                <th scope="col">{t(`stats.by-${by}`)}</th>
                <th scope="col">{t('stats.answers')}</th>
                <th scope="col">{t('stats.right')}</th>
                <th scope="col">{t('stats.share-right')}</th>
                <th scope="col">{t('stats.seconds-per-question')}</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.id}>
                  <th scope="row">{g.name}</th>
                  <td className="num">{g.answers}</td>
                  <td className="num">{g.correct}</td>
                  <td className="num">{shareRight(g.correct, g.answers)} %</td>
                  <td className="num">{secondsPer(g.time_ms, g.answers)} s</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </div>
  );
}
