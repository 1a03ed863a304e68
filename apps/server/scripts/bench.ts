/**
 * `npm run bench`: the question bank API under load, next to a bare node:http ceiling.
 *
 * 1. Generates the synthetic bank (`cli.js generate`, default 200,000 questions, 2,000 users,
 *    1,000,000 history rows) in a bench database: PostgreSQL when DATABASE_URL is set (database
 *    `qbank_bench` on that server), else PGlite in a temporary data folder.
 * 2. Gives 16 learners a token and an active all-modules subscription, starts the built server.
 * 3. Drives each route with autocannon (32 connections), and a bare node:http server replaying a
 *    pre-serialized body of the same size as the question page, and prints req/s, p50, p99,
 *    errors and the ratio to the ceiling.
 *
 * Options: --questions N --users N --history N --duration S --connections N --reuse (keep the
 * generated data of a previous run).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Command } from 'commander';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { choices, plans, purchases, questions, users } from '../src/db/schema/index';
import { issueToken } from '../src/lib/auth';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(serverRoot, 'dist', 'cli.js');
const serverEntry = path.join(serverRoot, 'dist', 'server.js');

const options = new Command()
  .option('--questions <n>', 'questions', '200000')
  .option('--users <n>', 'users', '2000')
  .option('--history <n>', 'history rows', '1000000')
  .option('--duration <s>', 'seconds per route', '15')
  .option('--connections <n>', 'concurrent connections', '32')
  .option('--reuse', 'reuse the generated data of a previous run')
  .parse()
  .opts<{
    questions: string;
    users: string;
    history: string;
    duration: string;
    connections: string;
    reuse?: boolean;
  }>();

const duration = Number(options.duration);
const connections = Number(options.connections);
const LEARNERS = 16;
const API_PORT = 3411;
const CEILING_PORT = 3412;

interface Learner {
  token: string;
  courses: number[];
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

async function benchEnvironment(): Promise<NodeJS.ProcessEnv> {
  const base = { ...process.env, DEMO_BANK: 'off', LOG_LEVEL: 'warn' };
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dataDir = path.join(os.tmpdir(), 'qbank-bench');
    if (!options.reuse) fs.rmSync(dataDir, { recursive: true, force: true });
    return { ...base, DATA_DIR: dataDir };
  }
  const benchUrl = new URL(url);
  benchUrl.pathname = '/qbank_bench';
  if (!options.reuse) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS qbank_bench WITH (FORCE)');
    await admin.query('CREATE DATABASE qbank_bench');
    await admin.end();
  }
  return {
    ...base,
    DATABASE_URL: benchUrl.toString(),
    DATA_DIR: path.join(os.tmpdir(), 'qbank-bench-media'),
  };
}

async function openBenchDatabase(env: NodeJS.ProcessEnv): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ url: env.DATABASE_URL, poolSize: 2 })
    : openDatabase({ dataDir: path.join(env.DATA_DIR!, 'pglite') });
}

/** 16 learners, each with a token, an active all-modules subscription and two courses. */
async function prepareLearners(database: Database): Promise<Learner[]> {
  const { db } = database;
  const learners = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isStaff, false))
    .orderBy(asc(users.id))
    .limit(LEARNERS);
  const [plan] = await db
    .insert(plans)
    .values({
      name: 'Bench plan',
      price: '0',
      currency: 'EUR',
      durationDays: 365,
      allModules: true,
    })
    .returning();
  const now = Date.now();
  await db.insert(purchases).values(
    learners.map((l) => ({
      userId: l.id,
      planId: plan!.id,
      status: 'approved' as const,
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 300 * 86_400_000),
    })),
  );
  // Courses with at least 450 questions, so pages 1–45 exist.
  const big = await db
    .select({ id: questions.courseId })
    .from(questions)
    .groupBy(questions.courseId)
    .having(sql`count(*) >= 450`)
    .orderBy(asc(questions.courseId));
  if (big.length === 0) throw new Error('No course has 450 questions: generate more questions.');
  return Promise.all(
    learners.map(async (l, i) => ({
      token: await issueToken(db, l.id),
      courses: [big[(2 * i) % big.length]!.id, big[(2 * i + 1) % big.length]!.id],
    })),
  );
}

/** For posting answers: the first five questions of each course with their correct choice ids. */
async function answerKeys(database: Database, courseIds: number[]) {
  const byCourse = new Map<number, { question: number; choices: number[] }[]>();
  for (const courseId of courseIds) {
    const first = await database.db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.courseId, courseId), eq(questions.isPublished, true)))
      .orderBy(asc(questions.order), asc(questions.id))
      .limit(5);
    const rows = await database.db
      .select({
        questionId: choices.questionId,
        choiceId: choices.id,
        isCorrect: choices.isCorrect,
      })
      .from(choices)
      .where(
        inArray(
          choices.questionId,
          first.map((q) => q.id),
        ),
      );
    byCourse.set(
      courseId,
      first.map((q) => ({
        question: q.id,
        choices: rows.filter((r) => r.questionId === q.id && r.isCorrect).map((r) => r.choiceId),
      })),
    );
  }
  return byCourse;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
    env: { ...env, PORT: String(API_PORT), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${API_PORT}/api/health/`);
      if (res.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('The server did not start.');
}

/** The ceiling: a bare node:http server replaying the same bytes, in its own process. */
function startCeiling(body: Buffer): Promise<ChildProcess> {
  const file = path.join(os.tmpdir(), 'qbank-bench-body.json');
  fs.writeFileSync(file, body);
  const code = `
    const http = require('node:http'); const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    http.createServer((req, res) => { res.writeHead(200, {'content-type': 'application/json; charset=utf-8', 'content-length': body.length}); res.end(body); })
      .listen(${CEILING_PORT}, '127.0.0.1', () => process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', code], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve) => child.once('message', () => resolve(child)));
}

interface Figures {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(
  route: string,
  url: string,
  requests: autocannon.Request[],
): Promise<Figures> {
  const result = await autocannon({ url, connections, duration, requests });
  return {
    route,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A request that rotates over learners, their courses and pages on every call. */
function rotating(
  learners: Learner[],
  build: (l: Learner, course: number, n: number) => Partial<autocannon.Request>,
) {
  let n = 0;
  return [
    {
      setupRequest: (req: autocannon.Request) => {
        const l = learners[n % learners.length]!;
        const course = l.courses[Math.floor(n / learners.length) % 2]!;
        const extra = build(l, course, n++);
        return {
          ...req,
          ...extra,
          headers: { ...req.headers, ...extra.headers, authorization: `Token ${l.token}` },
        };
      },
    },
  ] as autocannon.Request[];
}

function get(url: string, token: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Token ${token}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

async function main() {
  const env = await benchEnvironment();
  console.log(`Bench database: ${env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'}`);
  if (!options.reuse) {
    const started = Date.now();
    await run(process.execPath, [cli, 'migrate'], env);
    await run(
      process.execPath,
      [
        cli,
        'generate',
        '--questions',
        options.questions,
        '--users',
        options.users,
        '--history',
        options.history,
      ],
      env,
    );
    console.log(`Generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const database = await openBenchDatabase(env);
  const learners = await prepareLearners(database);
  const keys = await answerKeys(database, [...new Set(learners.flatMap((l) => l.courses))]);
  await database.close();

  const server = await startServer(env);
  const api = `http://127.0.0.1:${API_PORT}`;
  try {
    // One session per learner and course, for answers and first-unanswered.
    const sessions = new Map<string, number>();
    for (const l of learners) {
      for (const course of l.courses) {
        const res = await fetch(`${api}/api/sessions/`, {
          method: 'POST',
          headers: { authorization: `Token ${l.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ course_id: course }),
        });
        if (!res.ok)
          throw new Error(`POST /api/sessions/ answered ${res.status}: ${await res.text()}`);
        sessions.set(`${l.token}:${course}`, ((await res.json()) as { id: number }).id);
      }
    }
    const sample = await get(
      `${api}/api/questns/?course=${learners[0]!.courses[0]}&page=2`,
      learners[0]!.token,
    );
    if (sample.status !== 200) throw new Error(`question page answered ${sample.status}`);
    console.log(`Question page body: ${(sample.body.length / 1024).toFixed(1)} KB (10 questions)`);

    const page = rotating(learners, (_l, course, n) => ({
      path: `/api/questns/?course=${course}&page=${(n % 45) + 1}`,
    }));
    console.log(`Warming up (${Math.min(duration, 5)} s)…`);
    await autocannon({ url: api, connections, duration: Math.min(duration, 5), requests: page });

    const figures: Figures[] = [];
    figures.push(await measure('GET questns (page, caller flags)', api, page));
    figures.push(
      await measure(
        'GET questnstypes',
        api,
        rotating(learners, (_l, course) => ({ path: `/api/questnstypes/?course=${course}` })),
      ),
    );
    figures.push(
      await measure(
        'GET questns/first-unanswered',
        api,
        rotating(learners, (l, course) => ({
          path: `/api/questns/first-unanswered/?course=${course}&session=${sessions.get(`${l.token}:${course}`)}&page_size=10`,
        })),
      ),
    );
    figures.push(
      await measure(
        'POST session_questions (answer)',
        api,
        rotating(learners, (l, course, n) => {
          const list = keys.get(course)!;
          const q = list[n % list.length]!;
          return {
            method: 'POST',
            path: '/api/session_questions/',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              session: sessions.get(`${l.token}:${course}`),
              question: q.question,
              choices: q.choices,
            }),
          };
        }),
      ),
    );

    const ceiling = await startCeiling(sample.body);
    // The same request generator as the question page, so both sides pay the same client work.
    const bare = await measure('bare node:http ceiling', `http://127.0.0.1:${CEILING_PORT}`, page);
    ceiling.kill();

    console.log(
      `\n${connections} connections, ${duration} s per route, ${LEARNERS} learners rotating over 2 courses and pages 1–45`,
    );
    console.log('| route | req/s | p50 ms | p99 ms | errors | non-2xx | share of ceiling |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const f of [...figures, bare]) {
      console.log(
        `| ${f.route} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.non2xx} | ${(f.rps / bare.rps).toFixed(3)} |`,
      );
    }
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
