import { ApiError } from '../../../lib/api-client';
import i18n from 'i18next';

/** Seed §8: favourites, hides and reports pass the server's error on unchanged. */
export function serverMessage(error: unknown): string {
  const messages = error instanceof ApiError ? error.messages : [];
  return messages.length ? messages.join(' ') : i18n.t('errors.failed');
}
