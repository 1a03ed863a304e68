import type { Notification, NotificationQuery } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import * as repo from './notifications.repository';

export type NewNotification = repo.NewNotification;
type Deps = Pick<ServiceDeps, 'db'>;

/**
 * The one way any module tells learners something in the app (a purchase decided, a report
 * answered, a comment removed, a question's key changed): one unread row per user.
 */
export async function notifyUsers(
  deps: Deps,
  userIds: number[],
  notification: NewNotification,
): Promise<void> {
  await repo.insertMany(deps.db, [...new Set(userIds)], notification);
}

export type MailDeps = Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'config'>;

/**
 * Notifies one user in the app and by mail. The mail is best effort: the decision is already
 * saved and shown in the app, so a mail server that is down must not turn it into an error.
 */
export async function notifyAndMail(
  deps: MailDeps,
  user: { id: number; email: string },
  notification: NewNotification & { subject: string },
): Promise<void> {
  await notifyUsers(deps, [user.id], notification);
  const link = notification.link
    ? `\n\n${new URL(notification.link, deps.config.publicUrl).toString()}`
    : '';
  try {
    await deps.mailer.send({
      to: user.email,
      subject: notification.subject,
      text: `${notification.message}${link}\n`,
    });
  } catch (err) {
    deps.log.warn(
      { err: (err as Error).message, kind: notification.kind },
      'notification mail not sent',
    );
  }
}

export function toNotification(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    link: row.link,
    is_read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function list({ db }: Deps, user: User, query: NotificationQuery) {
  const { total, rows } = await repo.listForUser(db, user.id, query.is_read, pageWindow(query));
  assertPageExists(query, total);
  return { total, results: rows.map(toNotification) };
}

export async function unreadCount({ db }: Deps, user: User) {
  return { unread: await repo.unreadCount(db, user.id) };
}

export async function markOneRead({ db }: Deps, user: User, id: number): Promise<Notification> {
  if (!(await repo.findForUser(db, user.id, id))) throw notFound();
  await repo.markRead(db, user.id, [id]);
  return toNotification((await repo.findForUser(db, user.id, id))!);
}

export async function markAllRead({ db }: Deps, user: User) {
  return { updated: await repo.markRead(db, user.id) };
}
