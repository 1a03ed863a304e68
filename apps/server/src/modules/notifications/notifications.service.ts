import type { Notification, NotificationQuery } from '@qbank/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import * as repo from './notifications.repository';

export type NewNotification = repo.NewNotification;

/**
 * The one way any module tells learners something in the app (a purchase decided, a report
 * answered, a comment removed, a question's key changed): one unread row per user.
 */
export async function notifyUsers(
  db: Db,
  userIds: number[],
  notification: NewNotification,
): Promise<void> {
  await repo.insertMany(db, [...new Set(userIds)], notification);
}

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  config: { publicUrl: string };
}

/**
 * Notifies one user in the app and by mail. The mail is best effort: the decision is already
 * saved and shown in the app, so a mail server that is down must not turn it into an error.
 */
export async function notifyAndMail(
  deps: MailDeps,
  user: { id: number; email: string },
  notification: NewNotification & { subject: string },
): Promise<void> {
  await notifyUsers(deps.db, [user.id], notification);
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

export async function list(db: Db, userId: number, query: NotificationQuery) {
  const { total, rows } = await repo.listForUser(db, userId, query.is_read, pageWindow(query));
  assertPageExists(query, total);
  return { total, results: rows.map(toNotification) };
}

export async function unreadCount(db: Db, userId: number) {
  return { unread: await repo.unreadCount(db, userId) };
}

export async function markOneRead(db: Db, userId: number, id: number): Promise<Notification> {
  if (!(await repo.findForUser(db, userId, id))) throw notFound();
  await repo.markRead(db, userId, [id]);
  return toNotification((await repo.findForUser(db, userId, id))!);
}

export async function markAllRead(db: Db, userId: number) {
  return { updated: await repo.markRead(db, userId) };
}
