import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json';

/** Locale en only, namespace common (seed §9). Bundled: one small JSON file, no loading step. */
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['common'],
  defaultNS: 'common',
  resources: { en: { common } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
