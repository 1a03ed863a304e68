import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MailList } from '@qbank/contract';
import type { MediaSigner } from '../../lib/media-signing';

/**
 * One-click unsubscribe for any mailing list (`MAIL_LISTS`): a token naming the learner,
 * signed for one list with a secret of its own (derived from the instances' shared signing
 * secret), so a link works signed out and on every instance. It never expires: an old mail's
 * link must still work.
 */

export interface SignerDeps {
  signer: MediaSigner;
}

const macOf = (deps: SignerDeps, list: MailList, userId: number) =>
  createHmac('sha256', deps.signer.derive(`unsubscribe:${list}`))
    .update(String(userId))
    .digest('base64url');

export const unsubscribeToken = (deps: SignerDeps, list: MailList, userId: number) =>
  `${userId}.${macOf(deps, list, userId)}`;

/** The learner a token of `list` names, or null when we did not sign it for that list. */
export function tokenUser(deps: SignerDeps, list: MailList, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const given = Buffer.from(match[2]!, 'base64url');
  const wanted = Buffer.from(macOf(deps, list, userId), 'base64url');
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? userId : null;
}

/** The unsubscribe page of a list for a learner (GET shows it, POST unsubscribes). */
export const unsubscribeUrl = (
  deps: SignerDeps & { config: { publicUrl: string } },
  list: MailList,
  userId: number,
) =>
  new URL(
    `/api/mail_lists/${list}/unsubscribe/?token=${encodeURIComponent(unsubscribeToken(deps, list, userId))}`,
    deps.config.publicUrl,
  ).toString();

/** RFC 2369 and RFC 8058 headers: mail clients show an unsubscribe button that POSTs. */
export const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
