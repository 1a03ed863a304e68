import i18n from '../../lib/i18n';
import en from './locales/en.json';

/** The back office's own namespace, loaded with its screens (not in the sign-in entry). */
export const NS = 'staffContent';
if (!i18n.hasResourceBundle('en', NS)) i18n.addResourceBundle('en', NS, en, true, true);
