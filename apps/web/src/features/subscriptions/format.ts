import type { Plan } from '@qbank/contract/subscriptions';

/** "€5.00": the price in the plan's currency, in the reader's number format. */
export function formatPrice(plan: Pick<Plan, 'price' | 'currency'>, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: plan.currency }).format(
      Number(plan.price),
    );
  } catch {
    return `${plan.price} ${plan.currency}`;
  }
}

export function formatDate(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}
