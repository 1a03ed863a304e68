import i18n from 'i18next';
import papers from './locales/en/papers.json';

/** The feature's own namespace, loaded with its chunk (the sign-in route never carries it). */
i18n.addResourceBundle('en', 'papers', papers, true, true);
