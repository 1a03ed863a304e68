/**
 * `npm run bench:exam`: exam day under load (issue 35). A mock exam of --questions questions;
 * --takers learners (default 2,000) start it within the same minute, answer every question,
 * and all submit at the deadline at once. Runs on the embedded database (PGlite) and, when
 * DATABASE_URL is set, on PostgreSQL (database `qbank_bench_exam` on that server).
 *
 * Prints the p50 / p99 of the start, of the answers and of the deadline submission, with
 * throughput and errors, then checks from the database that no answer or submission was lost
 * (every answer row saved and scored, every sitting submitted). The load is generated in this
 * process against the built server (dist/server.js) started as a child on 127.0.0.1, with
 * keep-alive connections; each phase runs `--concurrency` requests in flight.
 *
 * Options: --takers N --questions N --concurrency N --port N --only pglite|postgres
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { choices, courses, mockExams, modules, questions, users } from '../src/db/schema/index';
import { issueToken } from '../src/lib/auth';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(serverRoot, 'dist', 'server.js');
const BENCH_DB = 'qbank_bench_exam';

const options = new Command()
  .option('--takers <n>', 'takers', '2000')
  .option('--questions <n>', 'questions on the paper', '10')
  .option('--concurrency <n>', 'requests in flight', '64')
  .option('--port <n>', 'server port', '3390')
  .option('--only <kind>', 'pglite or postgres (default: both when DATABASE_URL is set)')
  .parse()
  .opts<{ takers: string; questions: string; concurrency: string; port: string; only?: string }>();
const TAKERS = Number(options.takers);
const QUESTIONS = Number(options.questions);
const CONCURRENCY = Number(options.concurrency);
const PORT = Number(options.port);

interface Seeded {
  examId: number;
  tokens: string[];
  paper: { id: number; choices: number[] }[];
}

/** The paper (qcs and qcm alternating), the takers with a token each, the mock exam. */
async function seed(database: Database): Promise<Seeded> {
  const { db } = database;
  const [module] = await db.insert(modules).values({ name: 'Bench exam module' }).returning();
  const [course] = await db
    .insert(courses)
    .values({ name: 'Bench exam course', moduleId: module!.id })
    .returning();
  const paper: Seeded['paper'] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const qcm = i % 2 === 1;
    const [q] = await db
      .insert(questions)
      .values({ courseId: course!.id, type: qcm ? 'qcm' : 'qcs', stem: `Bench ${i}?`, order: i })
      .returning();
    const rows = await db
      .insert(choices)
      .values(
        ['A', 'B', 'C', 'D'].map((text, order) => ({
          questionId: q!.id,
          text,
          order,
          isCorrect: order === 0 || (qcm && order === 1),
        })),
      )
      .returning();
    paper.push({ id: q!.id, choices: rows.map((r) => r.id) });
  }
  const tokens: string[] = [];
  const batch = 500;
  for (let start = 0; start < TAKERS; start += batch) {
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(batch, TAKERS - start) }, (_, k) => ({
          email: `taker-${start + k}-${Date.now()}@bench.example`,
          firstName: 'Taker',
          lastName: String(start + k),
          isConfirmed: true,
          passwordHash: 'unused',
        })),
      )
      .returning({ id: users.id });
    for (const u of made) tokens.push(await issueToken(db, u.id));
  }
  const now = Date.now();
  const [exam] = await db
    .insert(mockExams)
    .values({
      title: 'Bench national mock',
      questionIds: paper.map((q) => q.id),
      scoring: 'partial',
      opensAt: new Date(now - 60_000),
      closesAt: new Date(now + 6 * 3600_000),
      durationMinutes: 180,
      resultsAt: new Date(now + 7 * 3600_000),
    })
    .returning();
  return { examId: exam!.id, tokens, paper };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One request; resolves with the status and the time it took (ms). */
function request(method: string, url: string, token: string, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = process.hrtime.bigint();
  return new Promise<{ status: number; ms: number; body: string }>((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path: url,
        agent,
        headers: {
          authorization: `Token ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            body: Buffer.concat(parts).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', () =>
      resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6, body: '' }),
    );
    req.end(payload);
  });
}

/** Runs every job with `CONCURRENCY` in flight; answers latencies, errors and the wall time. */
async function phase(jobs: (() => Promise<{ status: number; ms: number }>)[]) {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const r = await job();
        times.push(r.ms);
        if (r.status < 200 || r.status >= 300) errors++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return {
    n: times.length,
    p50: q(0.5),
    p99: q(0.99),
    errors,
    seconds: (Date.now() - started) / 1000,
  };
}

function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...env, PORT: String(PORT), HOST: '127.0.0.1', DEMO_BANK: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return (async () => {
    for (let i = 0; i < 600; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/health/`);
        if (res.ok) return child;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    child.kill();
    throw new Error('The server did not start.');
  })();
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function environment(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const dataDir = path.join(os.tmpdir(), 'qbank-bench-exam');
    fs.rmSync(dataDir, { recursive: true, force: true });
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    return {
      env,
      open: () => openDatabase({ dataDir: path.join(dataDir, 'pglite') }),
    };
  }
  const url = new URL(process.env.DATABASE_URL!);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  await admin.end();
  url.pathname = `/${BENCH_DB}`;
  return {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      DATA_DIR: path.join(os.tmpdir(), 'qbank-bench-exam-media'),
    },
    open: () => openDatabase({ url: url.toString(), poolSize: 2 }),
  };
}

const fmt = (label: string, r: Awaited<ReturnType<typeof phase>>) =>
  `${label.padEnd(22)} ${String(r.n).padStart(7)} ${r.p50.toFixed(1).padStart(9)} ${r.p99
    .toFixed(1)
    .padStart(9)} ${(r.n / r.seconds).toFixed(0).padStart(8)} ${String(r.errors).padStart(7)}`;

async function run(kind: 'pglite' | 'postgres') {
  const { env, open } = await environment(kind);
  // Migrate and seed before the server starts (PGlite is one process's database).
  let database = await open();
  await database.migrate();
  const seeded = await seed(database);
  await database.close();
  const server = await startServer(env);
  try {
    const base = `/api/mock_exams/${seeded.examId}/attempts/`;
    // 1. Every taker starts within the same minute.
    const attempts: number[] = [];
    const start = await phase(
      seeded.tokens.map((token, k) => async () => {
        const r = await request('POST', base, token);
        if (r.status === 201) attempts[k] = (JSON.parse(r.body) as { id: number }).id;
        return r;
      }),
    );
    // 2. Each answers every question (the first choice; qcm: the first two), in paper order,
    //    the takers interleaved as they would be in the hall.
    const answerJobs: (() => Promise<{ status: number; ms: number }>)[] = [];
    for (const q of seeded.paper)
      seeded.tokens.forEach((token, k) => {
        const choices = q.choices.slice(0, 1 + (k % 2));
        answerJobs.push(() =>
          request('PUT', `/api/paper_attempts/${attempts[k]}/answers/`, token, {
            question: q.id,
            choices,
          }),
        );
      });
    const answers = await phase(answerJobs);
    // 3. The deadline: every taker submits at once.
    const submit = await phase(
      seeded.tokens.map(
        (token, k) => () => request('POST', `/api/paper_attempts/${attempts[k]}/submit/`, token),
      ),
    );
    console.log(`\n${kind}: ${TAKERS} takers, ${QUESTIONS} questions, ${CONCURRENCY} in flight`);
    console.log(
      `${'phase'.padEnd(22)} ${'requests'.padStart(7)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'req/s'.padStart(8)} ${'errors'.padStart(7)}`,
    );
    console.log(fmt('start', start));
    console.log(fmt('answer', answers));
    console.log(fmt('deadline submission', submit));
  } finally {
    await stop(server);
  }
  // Nothing lost: every answer saved and scored, every sitting submitted and scored.
  database = await open();
  const counts = (await database.db.execute(sql`
    select (select count(*)::int from paper_answers where score is not null) as answers,
           (select count(*)::int from paper_attempts where score is not null) as submitted,
           (select count(*)::int from question_answer_history where mode = 'exam') as history`)) as unknown as {
    rows: { answers: number; submitted: number; history: number }[];
  };
  await database.close();
  const c = counts.rows[0]!;
  const ok = c.answers === TAKERS * QUESTIONS && c.submitted === TAKERS && c.history === c.answers;
  console.log(
    `check: ${c.answers}/${TAKERS * QUESTIONS} answers scored, ${c.submitted}/${TAKERS} sittings submitted, ${c.history} history rows: ${ok ? 'nothing lost' : 'LOST WORK'}`,
  );
  if (!ok) process.exitCode = 1;
}

if (options.only !== 'postgres') await run('pglite');
if (process.env.DATABASE_URL && options.only !== 'pglite') await run('postgres');
agent.destroy();
