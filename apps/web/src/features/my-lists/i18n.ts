import i18n from 'i18next';
import bundle from './my-lists.en.json';

/**
 * The lists' texts travel with their screens: merged into the `common` namespace when the first
 * of them loads, so the entry (and the sign-in route) does not carry them.
 */
i18n.addResourceBundle('en', 'common', bundle, true, false);
