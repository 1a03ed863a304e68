import i18n from 'i18next';
import plan from './locales/en/plan.json';

/** The feature's own namespace, loaded with its chunk (the sign-in route never carries it). */
i18n.addResourceBundle('en', 'plan', plan, true, true);
