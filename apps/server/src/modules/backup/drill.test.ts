import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { openConfiguredDatabase } from '../../db/open';
import { noteItems, questionAnswerHistory, sessionQuestions } from '../../db/schema/index';
import { emptyTarget, setupBackupApp } from '../../../test/backup-instance';
import {
  buildCourse,
  buildPlan,
  buildQuestion,
  buildUser,
  buy,
  DEFAULT_PASSWORD,
  subscribe,
  type TestUser,
} from '../../../test/factories';
import { formData, pngImage } from '../../../test/uploads';
import { createBackup } from './backup.service';
import { describeRestore, restoreBackup } from './restore.service';

/**
 * The restore drill (issue 37): a populated app is backed up while learners keep answering and
 * writing notes; the backup is restored into a fresh database and data folder, and a new app on
 * it must hold every write acknowledged before the backup began, open every file, let learners
 * sign in and show them the same dashboard, and hold no write in part.
 */
const { app, config, database } = await setupBackupApp();
const db = database.db;
const png = await pngImage();

async function send(user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await currentApp.inject({
    method,
    url,
    headers: user?.headers ?? {},
    payload: payload as never,
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}
let currentApp: App = app;

// ---------------------------------------------------------------- a populated app
const course = await buildCourse(db);
const questions = await Promise.all(
  Array.from({ length: 8 }, () => buildQuestion(db, { courseId: course.id })),
);
const loadCourse = await buildCourse(db);
const loadQuestions = await Promise.all(
  Array.from({ length: 60 }, () => buildQuestion(db, { courseId: loadCourse.id })),
);
const staff = await buildUser(db, { isStaff: true });
const plan = await buildPlan(db);

const learners: TestUser[] = [];
for (let i = 0; i < 3; i++) {
  const learner = await buildUser(db);
  await subscribe(db, learner.user.id);
  const session = await send(learner, 'POST', '/api/sessions/', { course_id: course.id });
  for (const q of questions.slice(i, i + 4)) {
    const choice = q.choices[(i + q.id) % 2]!.id;
    await send(learner, 'POST', '/api/session_questions/', {
      session: session.id,
      question: q.id,
      choices: [choice],
    });
  }
  await send(learner, 'POST', '/api/question-evaluations/', {
    question: questions[i]!.id,
    rating: 'good',
  });
  await send(
    learner,
    'POST',
    '/api/noteitemsdetail/',
    formData({ question: String(questions[i]!.id), content: `Note ${i}` }, [
      ['noteItem_attachments[0]', png],
    ]),
  );
  await send(learner, 'POST', '/api/comments/', { question: questions[0]!.id, body: `Hi ${i}` });
  learners.push(learner);
}
const purchase = await buy(app, learners[0]!.headers, {
  plan: String(plan.id),
  payment_reference: 'DRILL-1',
});
expect(purchase.statusCode).toBe(201);

/** Peers' percentiles move with the load's answers: everything else must be the same. */
const dashboardOf = async (learner: TestUser) => {
  const { percentile: _moves, ...rest } = await send(learner, 'GET', '/api/dashboard/');
  return rest;
};
const dashboards = await Promise.all(learners.map(dashboardOf));

// ---------------------------------------------------------------- the write load
const loader = await buildUser(db);
await subscribe(db, loader.user.id);
const loadSession = await send(loader, 'POST', '/api/sessions/', { course_id: loadCourse.id });

interface Ack {
  question: number;
  at: number;
}

/** Answers one new question after the other (and a note with an image every fifth): the acks. */
function writeLoad(stop: () => boolean) {
  const acks: Ack[] = [];
  const pending = [...loadQuestions];
  const worker = async () => {
    for (let q = pending.shift(); q && !stop(); q = pending.shift()) {
      await send(loader, 'POST', '/api/session_questions/', {
        session: loadSession.id,
        question: q.id,
        choices: [q.choices[0]!.id],
      });
      if (q.id % 5 === 0) {
        await send(
          loader,
          'POST',
          '/api/noteitemsdetail/',
          formData({ question: String(q.id), content: 'during the backup' }, [
            ['noteItem_attachments[0]', png],
          ]),
        );
      }
      acks.push({ question: q.id, at: Date.now() });
    }
  };
  return { acks, done: Promise.all([worker(), worker(), worker()]) };
}

const restoredConfig = await emptyTarget();

describe('the restore drill', () => {
  it('restores every acknowledged write, every file and the same dashboards, nothing in part', async () => {
    let stopped = false;
    const load = writeLoad(() => stopped);
    // Let the load get going, then back up while it runs.
    while (load.acks.length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
    const began = Date.now();
    const backup = await createBackup({ config, database, storage: app.storage }, 'command');
    const ackedBefore = load.acks.filter((ack) => ack.at <= began).map((ack) => ack.question);
    stopped = true;
    await load.done;
    expect(ackedBefore.length).toBeGreaterThanOrEqual(10);

    const report = await restoreBackup(restoredConfig, backup.folder);
    const described = describeRestore(report);
    expect(described.ok, described.lines.join('\n')).toBe(true);
    expect(report.files.restored).toBe(backup.manifest.files.length);

    const restored = await openConfiguredDatabase(restoredConfig);
    const restoredApp = await buildApp({ config: restoredConfig, database: restored });
    currentApp = restoredApp;
    try {
      const rdb = restored.db;
      // Every answer acknowledged before the backup began is there, in the session and the log.
      const answered = await rdb
        .select({ question: sessionQuestions.questionId })
        .from(sessionQuestions)
        .where(eq(sessionQuestions.sessionId, loadSession.id));
      const logged = await rdb
        .select({ question: questionAnswerHistory.questionId })
        .from(questionAnswerHistory)
        .where(eq(questionAnswerHistory.userId, loader.user.id));
      const inSession = new Set(answered.map((row) => row.question));
      const inLog = new Set(logged.map((row) => row.question));
      for (const question of ackedBefore) expect(inSession.has(question)).toBe(true);
      // Nothing in part: an answer is in both places or in neither.
      expect([...inSession].sort()).toEqual([...inLog].sort());

      // Every note restored opens its image; each load note has its answer too.
      const notes = await send(loader, 'GET', '/api/noteitemsdetail/?page_size=100');
      for (const note of notes.results as { question: number; images: { url: string }[] }[]) {
        expect(inSession.has(note.question)).toBe(true);
        for (const image of note.images) await expectFile(restoredApp, image.url);
      }
      const loadNotes = await rdb
        .select({ id: noteItems.id })
        .from(noteItems)
        .where(eq(noteItems.userId, loader.user.id));
      expect(notes.count).toBe(loadNotes.length);

      // Learners sign in with their passwords and see the same dashboard, notes and receipt.
      for (const [i, learner] of learners.entries()) {
        const login = await restoredApp.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: learner.user.email, password: DEFAULT_PASSWORD },
        });
        expect(login.statusCode, login.body).toBe(200);
        const signedIn = { ...learner, headers: { authorization: `Token ${login.json().key}` } };
        expect(await dashboardOf(signedIn)).toEqual(dashboards[i]);
        const own = await send(signedIn, 'GET', '/api/noteitemsdetail/');
        expect(own.results[0].content).toBe(`Note ${i}`);
        await expectFile(restoredApp, own.results[0].images[0].url);
      }
      const purchases = await send(staff, 'GET', '/api/staff/purchases/');
      const bought = (purchases.results as { payment_reference: string; receipt: string }[]).find(
        (p) => p.payment_reference === 'DRILL-1',
      );
      await expectFile(restoredApp, bought!.receipt);
      const comments = await send(staff, 'GET', `/api/comments/?question=${questions[0]!.id}`);
      expect(comments.count).toBe(3);
    } finally {
      currentApp = app;
      await restoredApp.close();
      await restored.close();
    }
  }, 180_000);
});

async function expectFile(target: App, url: string) {
  const res = await target.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toMatch(/^image\//);
  expect(res.rawPayload.length).toBeGreaterThan(0);
}
