import i18n from 'i18next';
import bundle from '../locales/en/screens.json';

/**
 * The texts of the catalogue, onboarding, settings, profile and about screens: merged into the
 * `common` namespace by the first module that needs them, so the sign-in route does not carry
 * them (see lib/i18n-learning.ts for the study screens').
 */
i18n.addResourceBundle('en', 'common', bundle, true, false);
