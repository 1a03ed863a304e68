import type { StudyPlan } from '@qbank/contract/study-plan';
import type { TFunction } from 'i18next';

/** "You are 40 questions behind; today's quota is 65" (or ahead, on pace, a day off). */
export function paceText(t: TFunction<'plan'>, plan: StudyPlan): string {
  if (plan.study_days_left === 0) return t('no-days-left');
  if (plan.day_off) return t('day-off', { count: plan.remaining, days: plan.study_days_left });
  if (plan.behind > 0) return t('behind', { count: plan.behind, quota: plan.quota });
  if (plan.behind < 0) return t('ahead', { count: -plan.behind, quota: plan.quota });
  return t('on-pace', { quota: plan.quota });
}
