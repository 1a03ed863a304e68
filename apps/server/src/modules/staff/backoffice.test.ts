import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCourse, buildModule, buildQuestion, buildUser } from '../../../test/factories';
import { setupTestApp } from '../../../test/helper';
import { buildPlan, buy } from '../../../test/factories';
import { notifyUsers } from '../notifications/notifications.service';

const { app, database, dataDir } = await setupTestApp();
const db = database.db;
const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };
const staff = await buildUser(db, { isStaff: true, email: `boss-${process.pid}@example.com` });

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const inject = (method: Method, url: string, headers?: object, payload?: object) =>
  app.inject({ method, url, headers: headers as Record<string, string>, payload });

async function audit(query: string) {
  const res = await inject('GET', `/api/staff/audit/?${query}`, staff.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    count: number;
    results: {
      action: string;
      actor: { email: string };
      before: unknown;
      after: unknown;
      target_id: number;
    }[];
  };
}

async function notifications(headers: object) {
  const res = await inject('GET', '/api/notifications/', headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    count: number;
    results: { id: number; kind: string; message: string; link: string | null; is_read: boolean }[];
  };
}

/** Every documented route under /api/staff/, with path ids filled in, from the OpenAPI document. */
async function staffRoutes(): Promise<{ method: Method; url: string }[]> {
  const doc = (await inject('GET', '/api/schema/')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([p]) => p.startsWith('/api/staff/'))
    .flatMap(([p, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'patch', 'put', 'delete'].includes(m))
        .map((m) => ({ method: m.toUpperCase() as Method, url: p.replace(/\{[^}]+\}/g, '1') })),
    );
}

describe('the staff route matrix', () => {
  it('answers 401 to anonymous callers and 403 to learners on every staff route; staff get in', async () => {
    const routes = await staffRoutes();
    // Purchases, plans, reports, users, comments, replies, audit.
    expect(routes.length).toBeGreaterThanOrEqual(14);
    const learner = await buildUser(db);
    for (const { method, url } of routes) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { bad: true };
      const anonymous = await inject(method, url, undefined, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const res = await inject(method, url, learner.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
      const asStaff = await inject(method, url, staff.headers, body);
      expect([401, 403, 500], `${method} ${url}`).not.toContain(asStaff.statusCode);
    }
  });
});

describe('plans', () => {
  it('lists every plan (archived too) and logs create, edit and archive with before/after', async () => {
    const created = await inject('POST', '/api/staff/plans/', staff.headers, {
      name: 'Audit plan',
      price: '9.5',
      currency: 'eur',
      duration_days: 30,
      all_modules: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(
      (await inject('PATCH', `/api/staff/plans/${id}/`, staff.headers, { price: '11' })).statusCode,
    ).toBe(200);
    expect(
      (await inject('PATCH', `/api/staff/plans/${id}/`, staff.headers, { is_archived: true }))
        .statusCode,
    ).toBe(200);

    const list = await inject('GET', '/api/staff/plans/', staff.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ id, is_archived: true, price: '11.00' }),
    );
    const archivedOnly = await inject('GET', '/api/staff/plans/?is_archived=false', staff.headers);
    expect(archivedOnly.json().map((p: { id: number }) => p.id)).not.toContain(id);

    const log = await audit(`target_type=plan&target_id=${id}`);
    expect(log.results.map((e) => e.action)).toEqual([
      'plan.archive',
      'plan.update',
      'plan.create',
    ]);
    expect(log.results[1]).toMatchObject({
      actor: { email: staff.user.email },
      before: { price: '9.50' },
      after: { price: '11.00' },
    });
    expect(log.results[2]!.before).toBeNull();
  });
});

describe('purchases', () => {
  it('approving tells the learner in the app and by mail, and is logged', async () => {
    const learner = await buildUser(db);
    const plan = await buildPlan(db, { name: 'Notify plan' });
    const bought = await buy(app, learner.headers, {
      plan: String(plan.id),
      payment_reference: 'TRX-1',
    });
    expect(bought.statusCode).toBe(201);
    const id = bought.json().id as number;
    const res = await inject('POST', `/api/staff/purchases/${id}/approve/`, staff.headers, {});
    expect(res.statusCode, res.body).toBe(200);

    const list = await notifications(learner.headers);
    expect(list.results[0]).toMatchObject({
      kind: 'purchase_approved',
      link: '/subscriptions',
      is_read: false,
    });
    expect(list.results[0]!.message).toContain('Notify plan');
    const outbox = path.join(dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    expect(
      mails.some(
        (m) => m.includes(learner.user.email) && m.includes('Your subscription is active'),
      ),
    ).toBe(true);

    const log = await audit(`action=purchase&target_id=${id}`);
    expect(log.results[0]).toMatchObject({
      action: 'purchase.approve',
      before: { status: 'pending' },
      after: { status: 'active' },
    });
  });

  it('rejecting shows the reason to the learner', async () => {
    const learner = await buildUser(db);
    const plan = await buildPlan(db);
    const id = (
      await buy(app, learner.headers, { plan: String(plan.id), payment_reference: 'TRX-2' })
    ).json().id;
    const res = await inject('POST', `/api/staff/purchases/${id}/reject/`, staff.headers, {
      staff_note: 'Unreadable receipt',
    });
    expect(res.statusCode).toBe(200);
    const list = await notifications(learner.headers);
    expect(list.results[0]).toMatchObject({ kind: 'purchase_rejected' });
    expect(list.results[0]!.message).toContain('Unreadable receipt');
    expect((await audit(`action=purchase.reject&target_id=${id}`)).count).toBe(1);
  });
});

async function reportedQuestion(n: number) {
  const module = await buildModule(db);
  const course = await buildCourse(db, { moduleId: module.id });
  const question = await buildQuestion(db, { courseId: course.id });
  const reporters = [];
  for (let i = 0; i < n; i++) {
    const reporter = await buildUser(db);
    const res = await inject('POST', '/api/rports/', reporter.headers, {
      question: question.id,
      reason: i % 2 ? 'typo' : 'wrong_answer',
      message: 'x',
    });
    expect(res.statusCode, res.body).toBe(201);
    reporters.push({ reporter, report: res.json() as { id: number } });
  }
  return { question, reporters };
}

describe('reports', () => {
  it('groups open reports by question, most reported first', async () => {
    const few = await reportedQuestion(1);
    const many = await reportedQuestion(3);
    const res = await inject('GET', '/api/staff/reports/by-question/?page_size=100', staff.headers);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().results.map((g: { question: { id: number } }) => g.question.id);
    expect(ids.indexOf(many.question.id)).toBeLessThan(ids.indexOf(few.question.id));
    const group = res
      .json()
      .results.find((g: { question: { id: number } }) => g.question.id === many.question.id);
    expect(group).toMatchObject({ count: 3, reasons: { wrong_answer: 2, typo: 1 } });

    const ofOne = await inject(
      'GET',
      `/api/staff/reports/?question=${many.question.id}`,
      staff.headers,
    );
    expect(ofOne.json().count).toBe(3);
  });

  it('answering notifies the reporter, who sees the answer, and is logged', async () => {
    const { question, reporters } = await reportedQuestion(1);
    const { reporter, report } = reporters[0]!;
    const res = await inject('PATCH', `/api/staff/reports/${report.id}/`, staff.headers, {
      status: 'resolved',
      staff_answer: 'Fixed the key.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await inject('GET', `/api/rports/${report.id}/`, reporter.headers);
    expect(mine.json()).toMatchObject({ status: 'resolved', staff_answer: 'Fixed the key.' });
    const list = await notifications(reporter.headers);
    expect(list.results[0]).toMatchObject({
      kind: 'report_answered',
      link: `/questions/${question.id}`,
    });
    expect(list.results[0]!.message).toContain('Fixed the key.');
    const log = await audit(`target_type=report&target_id=${report.id}`);
    expect(log.results[0]).toMatchObject({
      action: 'report.answer',
      before: { status: 'open' },
      after: { status: 'resolved' },
    });
  });
});

describe('comments', () => {
  it('staff remove a comment or a reply with a reason shown to its author', async () => {
    const question = await buildQuestion(db);
    const author = await buildUser(db);
    const comment = await inject('POST', '/api/comments/', author.headers, {
      question: question.id,
      body: 'Rude words',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const reply = await inject('POST', '/api/comments_reply/', author.headers, {
      comment: comment.json().id,
      body: 'More',
    });
    expect(reply.statusCode, reply.body).toBe(201);

    const listed = await inject(
      'GET',
      `/api/staff/comments/?question=${question.id}&search=rude`,
      staff.headers,
    );
    expect(listed.json()).toMatchObject({
      count: 1,
      results: [{ id: comment.json().id, author_email: author.user.email, replies_count: 1 }],
    });

    const blank = await inject(
      'POST',
      `/api/staff/replies/${reply.json().id}/remove/`,
      staff.headers,
      { reason: '  ' },
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ reason: ['This field may not be blank.'] });

    const removedReply = await inject(
      'POST',
      `/api/staff/replies/${reply.json().id}/remove/`,
      staff.headers,
      { reason: 'Off topic' },
    );
    expect(removedReply.statusCode, removedReply.body).toBe(204);
    const removed = await inject(
      'POST',
      `/api/staff/comments/${comment.json().id}/remove/`,
      staff.headers,
      { reason: 'Insults' },
    );
    expect(removed.statusCode).toBe(204);
    expect(
      (await inject('GET', `/api/comments/${comment.json().id}/`, author.headers)).statusCode,
    ).toBe(404);
    expect(
      (
        await inject('POST', `/api/staff/comments/${comment.json().id}/remove/`, staff.headers, {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);

    const list = await notifications(author.headers);
    expect(list.results.map((n) => n.message)).toEqual([
      'Your comment was removed by a moderator. Reason: Insults',
      'Your reply was removed by a moderator. Reason: Off topic',
    ]);
    expect(list.results[0]!.link).toBe(`/questions/${question.id}`);
    const log = await audit(`action=comment&target_id=${comment.json().id}`);
    expect(log.results[0]).toMatchObject({
      action: 'comment.delete',
      before: { body: 'Rude words' },
      after: { reason: 'Insults' },
    });
  });
});

describe('users', () => {
  it('searches users and shows a learner’s subscriptions', async () => {
    const learner = await buildUser(db, {
      email: `searchable-${process.pid}@example.com`,
      firstName: 'Zelda',
    });
    const plan = await buildPlan(db, { name: 'Users plan' });
    await buy(app, learner.headers, { plan: String(plan.id), payment_reference: 'TRX-3' });
    const found = await inject(
      'GET',
      `/api/staff/users/?search=searchable-${process.pid}`,
      staff.headers,
    );
    expect(found.json()).toMatchObject({
      count: 1,
      results: [{ id: learner.user.id, is_staff: false }],
    });
    expect(
      (await inject('GET', '/api/staff/users/?search=zelda', staff.headers)).json().count,
    ).toBeGreaterThanOrEqual(1);
    const detail = await inject('GET', `/api/staff/users/${learner.user.id}/`, staff.headers);
    expect(detail.json().subscriptions).toEqual([
      expect.objectContaining({ plan: { id: plan.id, name: 'Users plan' }, status: 'pending' }),
    ]);
    expect((await inject('GET', '/api/staff/users/999999/', staff.headers)).statusCode).toBe(404);
  });

  it('grants and revokes staff at once (no stale token cache), and logs it', async () => {
    const user = await buildUser(db);
    expect((await inject('GET', '/api/staff/users/', user.headers)).statusCode).toBe(403);
    const granted = await inject('PATCH', `/api/staff/users/${user.user.id}/`, staff.headers, {
      is_staff: true,
    });
    expect(granted.json()).toMatchObject({ is_staff: true });
    expect((await inject('GET', '/api/staff/users/', user.headers)).statusCode).toBe(200);
    await inject('PATCH', `/api/staff/users/${user.user.id}/`, staff.headers, { is_staff: false });
    expect((await inject('GET', '/api/staff/users/', user.headers)).statusCode).toBe(403);
    const log = await audit(`target_type=user&target_id=${user.user.id}`);
    expect(log.results.map((e) => e.action)).toEqual(['user.revoke_staff', 'user.grant_staff']);
  });

  it('deactivating signs the user out; staff cannot change their own flags', async () => {
    const user = await buildUser(db);
    const res = await inject('PATCH', `/api/staff/users/${user.user.id}/`, staff.headers, {
      is_active: false,
    });
    expect(res.json()).toMatchObject({ is_active: false });
    expect((await inject('GET', '/api/auth/user/', user.headers)).statusCode).toBe(401);
    const self = await inject('PATCH', `/api/staff/users/${staff.user.id}/`, staff.headers, {
      is_staff: false,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({
      is_staff: ['You cannot change your own staff or active status.'],
    });
    expect(
      (
        await inject('PATCH', `/api/staff/users/${user.user.id}/`, staff.headers, {
          is_active: 'no',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('audit log filters', () => {
  it('filters by actor, action prefix and dates; bad filters are 400', async () => {
    const other = await buildUser(db, {
      isStaff: true,
      email: `other-staff-${process.pid}@example.com`,
    });
    await inject('POST', '/api/staff/plans/', other.headers, {
      name: 'By other',
      price: '1',
      currency: 'EUR',
      duration_days: 1,
      all_modules: true,
    });
    const byOther = await audit(`actor=other-staff-${process.pid}`);
    expect(byOther.results.map((e) => e.action)).toEqual(['plan.create']);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await audit(`actor=other-staff-${process.pid}&since=${today}&until=${today}`)).count,
    ).toBe(1);
    expect((await audit(`actor=other-staff-${process.pid}&until=2000-01-01`)).count).toBe(0);
    const bad = await inject('GET', '/api/staff/audit/?since=yesterday', staff.headers);
    expect(bad.statusCode).toBe(400);
  });
});

describe('notifications', () => {
  it('lists the caller’s own, counts unread, marks one or all read; another user’s is 404', async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    await notifyUsers({ db }, [me.user.id, me.user.id, other.user.id], {
      kind: 'question_changed',
      message: 'Key changed',
      link: '/questions/1',
    });
    await notifyUsers({ db }, [me.user.id], { kind: 'question_changed', message: 'Second' });
    expect((await inject('GET', '/api/notifications/unread_count/', me.headers)).json()).toEqual({
      unread: 2,
    });
    const list = await notifications(me.headers);
    expect(list.results.map((n) => n.message)).toEqual(['Second', 'Key changed']);
    const theirs = (await notifications(other.headers)).results[0]!;
    expect(
      (await inject('POST', `/api/notifications/${theirs.id}/read/`, me.headers)).statusCode,
    ).toBe(404);

    const read = await inject(
      'POST',
      `/api/notifications/${list.results[0]!.id}/read/`,
      me.headers,
    );
    expect(read.json()).toMatchObject({ is_read: true });
    expect(
      (await inject('GET', '/api/notifications/?is_read=false', me.headers)).json().count,
    ).toBe(1);
    expect((await inject('POST', '/api/notifications/read_all/', me.headers)).json()).toEqual({
      updated: 1,
    });
    expect((await inject('GET', '/api/notifications/unread_count/', me.headers)).json()).toEqual({
      unread: 0,
    });
    expect((await inject('GET', '/api/notifications/unread_count/', other.headers)).json()).toEqual(
      { unread: 1 },
    );
    expect((await inject('GET', '/api/notifications/')).statusCode).toBe(401);
  });
});
