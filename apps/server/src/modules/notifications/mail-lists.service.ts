import {
  MAIL_LISTS,
  UNSUBSCRIBE_BAD_LINK,
  type MailList,
  type MailListSetting,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import * as repo from './mail-lists.repository';
import { tokenUser, unsubscribeHeaders, unsubscribeUrl, type SignerDeps } from './unsubscribe';
import type { MailDeps } from './notifications.service';

type Deps = Pick<ServiceDeps, 'db'>;

/** Every list with whether the caller opted in (all off until they do). */
export async function settings(deps: Deps, user: User): Promise<MailListSetting[]> {
  const mine = await repo.listsOf(deps.db, user.id);
  return MAIL_LISTS.map((list) => ({ list, subscribed: mine.has(list) }));
}

export async function isSubscribed(deps: Deps, userId: number, list: MailList) {
  return (await repo.listsOf(deps.db, userId)).has(list);
}

export async function setSubscribed(
  deps: Deps,
  user: User,
  list: MailList,
  subscribed: boolean,
): Promise<MailListSetting> {
  if (subscribed) await repo.subscribe(deps.db, user.id, list);
  else await repo.unsubscribe(deps.db, user.id, list);
  return { list, subscribed };
}

/** The learner a link's token names, else 404 (a forged or mangled link). */
function linkUser(deps: SignerDeps, list: MailList, token: string): number {
  const userId = tokenUser(deps, list, token);
  if (userId === null) throw notFound(UNSUBSCRIBE_BAD_LINK);
  return userId;
}

/** Whether the learner a link names is still on the list (the confirmation page). */
export async function linkStatus(deps: Deps & SignerDeps, list: MailList, token: string) {
  const userId = linkUser(deps, list, token);
  return { list, subscribed: (await repo.listsOf(deps.db, userId)).has(list) };
}

/** The one-click unsubscribe, signed out; again is harmless. */
export async function unsubscribeByLink(
  deps: Deps & SignerDeps,
  list: MailList,
  token: string,
): Promise<MailListSetting> {
  await repo.unsubscribe(deps.db, linkUser(deps, list, token), list);
  return { list, subscribed: false };
}

/**
 * Mails a list's message to one subscriber with its unsubscribe link (in the text and in the
 * List-Unsubscribe headers). Best effort: a mail server that is down is logged, not thrown.
 */
export async function mailSubscriber(
  deps: MailDeps & SignerDeps,
  list: MailList,
  to: { id: number; email: string },
  mail: { subject: string; text: string },
): Promise<boolean> {
  const url = unsubscribeUrl(deps, list, to.id);
  try {
    await deps.mailer.send({
      to: to.email,
      subject: mail.subject,
      text: `${mail.text}\n\n--\nStop these e-mails in one click: ${url}\n`,
      headers: unsubscribeHeaders(url),
    });
    return true;
  } catch (err) {
    deps.log.warn({ err: (err as Error).message, list }, 'list mail not sent');
    return false;
  }
}
