import i18n from 'i18next';
import staff from './locales/en/staff.json';

/** The back office's namespace, loaded with its chunks only (the sign-in route never carries it). */
i18n.addResourceBundle('en', 'staff', staff, true, true);
