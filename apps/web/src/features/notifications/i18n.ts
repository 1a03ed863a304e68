import i18n from 'i18next';
import notifications from './locales/en/notifications.json';

/** The feature's own namespace, loaded with its chunk (the sign-in route never carries it). */
i18n.addResourceBundle('en', 'notifications', notifications, true, true);
