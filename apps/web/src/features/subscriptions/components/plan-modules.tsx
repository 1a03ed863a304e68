import type { Plan } from '@qbank/contract/subscriptions';
import { useSubscriptionsTranslation } from '../i18n';

/** What a plan opens: every module, or the names of its modules. */
export function PlanModules({ plan }: { plan: Plan }) {
  const { t } = useSubscriptionsTranslation();
  if (plan.all_modules) return <>{t('subscriptions.all-modules')}</>;
  return <>{plan.modules.map((m) => m.name).join(', ')}</>;
}
