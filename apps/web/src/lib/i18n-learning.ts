import i18n from 'i18next';
import bundle from '../locales/en/learning.json';

/**
 * The texts of the learning screens (player, exam, sessions, history, review, mistakes,
 * dashboard, exam tools, confidence, calibration) travel with those screens: merged into the `common` namespace by the first module
 * that needs them, so the entry (and the sign-in route) does not carry them.
 */
i18n.addResourceBundle('en', 'common', bundle, true, false);
