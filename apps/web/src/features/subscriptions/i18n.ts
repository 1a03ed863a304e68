import { useTranslation } from 'react-i18next';
import texts from '../../locales/en/subscriptions.json';

/**
 * useTranslation for this feature: its texts (keys `subscriptions.*` of the `common` namespace)
 * come with its chunks, not the entry, so the sign-in route's JavaScript does not grow
 * (decision 035). They are added to the one i18next instance the first time they are needed.
 */
export function useSubscriptionsTranslation() {
  const result = useTranslation();
  const { i18n } = result;
  if (!i18n.exists('subscriptions.title'))
    i18n.addResourceBundle(i18n.language || 'en', 'common', { subscriptions: texts }, true, false);
  return result;
}
