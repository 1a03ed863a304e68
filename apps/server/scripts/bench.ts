/**
 * `npm run bench`: the question bank API under load, next to a bare node:http ceiling.
 *
 * 1. Generates the synthetic bank (`cli.js generate`, default 200,000 questions, 2,000 users,
 *    1,000,000 history rows) in a bench database: PostgreSQL when DATABASE_URL is set (database
 *    `qbank_bench` on that server), else PGlite in a temporary data folder.
 * 2. Gives learners (16 readers, 16 with ten times their history, one answering learner per
 *    connection) a token and an active all-modules subscription, starts the built server.
 * 3. Drives each route with wrk (32 connections, 2 threads; Debian's package, installed when
 *    missing), a separate C process, so the load generator does not share the server's event loop;
 *    the bare node:http ceiling replaying a body of the question page's size is driven the same way.
 *    Prints req/s, p50, p99, errors and the ratio to the ceiling. Nothing is measured before
 *    the question pages' rate stops rising (`warmUp`): every worker starts with cold caches.
 *
 * 4. The dashboard (decision 039), the review queue and the mistakes shelf (decision 038) of one
 *    more learner with --heavy answers (default 100,000 over two years, two courses a day) and a
 *    review card for each question answered: latency one request at a time (best, median, p99),
 *    and req/s under load.
 *
 * The generated data is kept and reused by the next run with the same --questions, --users and
 * --history (a marker file beside it); --fresh generates it again. Each server run starts with a
 * VACUUM ANALYZE (earlier runs' answers leave dead rows, and autovacuum may be off).
 *
 * 4. With --workers 1,2 (the default on a PostgreSQL server) the server runs once per count with
 *    WORKERS=N (node:cluster, decision 041) and a table is printed for each, then a comparison.
 *    PGlite is one process's database: there the bench runs at 1 worker only.
 *
 * 5. first-unanswered and sessions-resume twice: for learners with the generated history and for
 *    learners whose history (history rows and session answers) is ten times larger; prints the
 *    growth of the time per request.
 *
 * 6. Mixed traffic: the question page of the first learners while a third group of learners
 *    answers (four pages to one answer, in one wrk script), so caches are measured under writes.
 *    The answer route's answers come from that group too: the answers a run posts do not grow
 *    the histories the next run measures.
 *
 * Each route's wrk script stays in the temporary folder (`qbank-bench-<route>.lua`), so one
 * route can be replayed by hand against a server under a profiler.
 *
 * Options: --questions N --users N --history N --duration S --connections N --heavy N --workers 1,2
 * --port N --database NAME --fresh
 */
import { termsOf } from '../src/modules/subscriptions/subscriptions.repository';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import {
  choices,
  plans,
  purchases,
  questionAnswerHistory,
  questionEvaluations,
  questions,
  users,
} from '../src/db/schema/index';
import { issueToken } from '../src/lib/auth';
import { insertHistory } from '../src/modules/content/generate.repository';
import { rebuildAll } from '../src/modules/answers/index';
import { summarizeProfile } from './cpu-profile';
import { backendsOf, cpuSecondsBetween, processTree, readCpu } from './process-cpu';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(serverRoot, 'dist', 'cli.js');
const serverEntry = path.join(serverRoot, 'dist', 'server.js');
/** The V8 flags `npm start` runs the server with (its heap sizes, decision 042). */
const startFlags: string[] = JSON.parse(
  fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8'),
)
  .scripts.start.split(' ')
  .filter((word: string) => word.startsWith('--'));

const options = new Command()
  .option('--questions <n>', 'questions', '200000')
  .option('--users <n>', 'users', '2000')
  .option('--history <n>', 'history rows', '1000000')
  .option('--heavy <n>', 'answers of the dashboard learner', '100000')
  .option('--duration <s>', 'seconds per route', '15')
  .option('--connections <n>', 'concurrent connections', '32')
  .option('--port <n>', 'port of the server (the ceiling takes the next one)', '3411')
  .option('--database <name>', 'bench database on the PostgreSQL server', 'qbank_bench')
  .option('--workers <list>', 'worker counts to run the server with (PostgreSQL only)', '1,2')
  .option('--fresh', 'generate the data again even if a previous run left the same data')
  .parse()
  .opts<{
    questions: string;
    users: string;
    history: string;
    heavy: string;
    duration: string;
    connections: string;
    workers: string;
    port: string;
    database: string;
    fresh?: boolean;
  }>();

const duration = Number(options.duration);
const connections = Number(options.connections);
const LEARNERS = 16;
/**
 * Learners posting the answers: one per connection, each with one answer in flight, as a learner
 * answers one question at a time (`learnerScript`; a script cycling through all their requests
 * gave some learners two at once, whose second answer waited for the first's batch).
 */
const ANSWERING = connections;
/** Question pages each learner rotates over (45 unless the generated bank is small). */
let pages = 45;
const API_PORT = Number(options.port);
const CEILING_PORT = API_PORT + 1;
/** The bench database on a PostgreSQL server (--database: two benches on one server). */
const BENCH_DB = options.database;
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DB)) throw new Error('--database: a lower-case identifier');

interface Learner {
  id: number;
  token: string;
  courses: number[];
  /** Session per course, made before the server starts. */
  sessions: Map<number, number>;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

/** What the generated data was made from; the next run with the same reuses it. */
const dataParams = JSON.stringify({
  questions: options.questions,
  users: options.users,
  history: options.history,
});
const markerFile = (kind: string) =>
  path.join(
    os.tmpdir(),
    `qbank-bench-${kind === 'postgres' && BENCH_DB !== 'qbank_bench' ? BENCH_DB : kind}.json`,
  );
const canReuse = (kind: string) =>
  !options.fresh &&
  fs.existsSync(markerFile(kind)) &&
  fs.readFileSync(markerFile(kind), 'utf8') === dataParams;

async function benchEnvironment(): Promise<{
  env: NodeJS.ProcessEnv;
  reuse: boolean;
  kind: string;
}> {
  const base = { ...process.env, DEMO_BANK: 'off', LOG_LEVEL: 'warn' };
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dataDir = path.join(os.tmpdir(), 'qbank-bench');
    const reuse = canReuse('pglite');
    if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
    return { env: { ...base, DATA_DIR: dataDir }, reuse, kind: 'pglite' };
  }
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${BENCH_DB}`;
  const reuse = canReuse('postgres');
  if (!reuse) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
    await admin.end();
  }
  return {
    env: {
      ...base,
      DATABASE_URL: benchUrl.toString(),
      DATA_DIR: path.join(os.tmpdir(), 'qbank-bench-media'),
    },
    reuse,
    kind: 'postgres',
  };
}

async function openBenchDatabase(env: NodeJS.ProcessEnv): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ url: env.DATABASE_URL, poolSize: 2 })
    : openDatabase({ dataDir: path.join(env.DATA_DIR!, 'pglite') });
}

/**
 * 32 + ANSWERING learners, each with a token, an active all-modules subscription, two courses
 * and a fresh session per course: the first 16 keep their generated history, the next 16 are
 * given ten times as much (history rows and session answers), and the rest post the answers.
 * The answers stay with those: the reused data of the next run keeps the other groups' sizes.
 */
async function prepareLearners(
  database: Database,
): Promise<{ small: Learner[]; large: Learner[]; answering: Learner[] }> {
  const { db } = database;
  const learners = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isStaff, false))
    .orderBy(asc(users.id))
    .limit(2 * LEARNERS + ANSWERING);
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
      ...termsOf(plan!, []),
      status: 'approved' as const,
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 300 * 86_400_000),
    })),
  );
  // Pages 1–45 of courses with at least 450 questions (fewer pages on a small generated bank).
  const counts = await db
    .select({ id: questions.courseId, n: sql<number>`count(*)::int` })
    .from(questions)
    .groupBy(questions.courseId)
    .orderBy(asc(questions.courseId));
  pages = Math.min(45, Math.floor(Math.max(0, ...counts.map((c) => c.n)) / 10));
  const big = counts.filter((c) => c.n >= pages * 10);
  if (pages === 0 || big.length === 0) throw new Error('Too few questions: generate more.');
  const all: Learner[] = [];
  for (const [i, l] of learners.entries()) {
    const courses = [big[(2 * i) % big.length]!.id, big[(2 * i + 1) % big.length]!.id];
    all.push({ id: l.id, token: await issueToken(db, l.id), courses, sessions: new Map() });
  }
  const small = all.slice(0, LEARNERS);
  const large = all.slice(LEARNERS, 2 * LEARNERS);
  const answering = all.slice(2 * LEARNERS);
  const historyOf = async (group: Learner[]) => {
    const result = (await db.execute(
      sql`select count(*)::int as n from question_answer_history
        where user_id = any(${sql.param(group.map((l) => l.id))}::int[])`,
    )) as unknown as { rows: { n: number }[] };
    return Math.round(result.rows[0]!.n / group.length);
  };
  const perSmall = await historyOf(small);
  for (const l of large) await growHistory(database, l, 10 * perSmall);
  for (const l of [...small, ...answering]) await openSessions(database, l, 20);
  for (const l of large) await openSessions(database, l, 200);
  console.log(
    `History per learner: ${perSmall} rows (small), ${await historyOf(large)} rows (large); session answers 20 and 200 per course`,
  );
  return { small, large, answering };
}

/** Adds history rows on the learner's two courses up to `target` rows. */
async function growHistory(database: Database, l: Learner, target: number) {
  await database.db.execute(sql`
    insert into question_answer_history (user_id, question_id, choices, is_correct, score, mode)
    select ${l.id}, q.id, '[]'::jsonb, false, 0, 'study'
    from generate_series(1, 20) g cross join questions q
    where q.course_id in (${l.courses[0]}, ${l.courses[1]}) and q.is_published
    limit greatest(0, ${target} - (select count(*) from question_answer_history where user_id = ${l.id}))`);
}

/**
 * A new session per course with its first `answered` questions answered; the learner's earlier
 * session of the course is finished first, as starting a new session does in the app (else
 * every run of the bench would leave one more open session to resume).
 */
async function openSessions(database: Database, l: Learner, answered: number) {
  for (const course of l.courses) {
    await database.db.execute(sql`update sessions set is_finished = true
      where user_id = ${l.id} and course_id = ${course} and not is_finished`);
    const result = (await database.db.execute(
      sql`insert into sessions (user_id, course_id) values (${l.id}, ${course}) returning id`,
    )) as unknown as { rows: { id: number }[] };
    const sessionId = result.rows[0]!.id;
    l.sessions.set(course, sessionId);
    await database.db.execute(sql`
      insert into session_questions (session_id, user_id, question_id, choices, is_correct, score)
      select ${sessionId}, ${l.id}, q.id, '[]'::jsonb, false, 0 from questions q
      where q.course_id = ${course} and q.is_published order by q."order", q.id limit ${answered}`);
  }
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

const HEAVY_EMAIL = 'bench-heavy-learner@example.invalid';

/**
 * One learner with `--heavy` counted answers: two courses a day over two years (a learner's
 * real rhythm; the dashboard's cost follows days and courses, not answers). Made once and kept
 * with the generated data; the aggregates are rebuilt from the history like the migration does.
 */
async function prepareHeavyLearner(database: Database): Promise<string> {
  const { db } = database;
  const heavy = Number(options.heavy);
  let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, HEAVY_EMAIL));
  user ??= (
    await db
      .insert(users)
      .values({ email: HEAVY_EMAIL, firstName: 'Heavy', lastName: 'Learner', isConfirmed: true })
      .returning({ id: users.id })
  )[0]!;
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(questionAnswerHistory)
    .where(eq(questionAnswerHistory.userId, user.id));
  if (n !== heavy) {
    const started = Date.now();
    await db.delete(questionAnswerHistory).where(eq(questionAnswerHistory.userId, user.id));
    const bank = await db
      .select({ id: questions.id, course: questions.courseId })
      .from(questions)
      .where(eq(questions.isPublished, true))
      .orderBy(asc(questions.courseId), asc(questions.id));
    const byCourse = new Map<number, number[]>();
    for (const q of bank) byCourse.set(q.course, [...(byCourse.get(q.course) ?? []), q.id]);
    const courses = [...byCourse.values()];
    const days = 730;
    const now = Date.now();
    let rows = [];
    for (let i = 0; i < heavy; i++) {
      const day = Math.floor((i * days) / heavy);
      const course = courses[(2 * day + (i % 2)) % courses.length]!;
      const right = (i * 7919) % 100 < 65;
      rows.push({
        userId: user.id,
        questionId: course[i % course.length]!,
        choices: [],
        isCorrect: right,
        score: right ? 1 : 0,
        timeSpentMs: 20_000 + ((i * 104_729) % 40_000),
        mode: 'study' as const,
        createdAt: new Date(now - (days - day) * 86_400_000 + (i % 1000) * 1000),
      });
      if (rows.length === 5000) {
        await insertHistory(db, rows);
        rows = [];
      }
    }
    await insertHistory(db, rows);
    await rebuildAll(db);
    console.log(
      `Dashboard learner: ${heavy} answers written and aggregated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await prepareHeavyCards(database, user.id);
  return issueToken(db, user.id);
}

/**
 * A review card for each question the heavy learner answered, due from 20 days ago to 40 days
 * ahead (a third due today or overdue), one in 13 a leech: the queue and the shelf's leeches.
 */
async function prepareHeavyCards(database: Database, userId: number): Promise<void> {
  const { db } = database;
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(questionEvaluations)
    .where(eq(questionEvaluations.userId, userId));
  if (n > 0) return;
  await db.execute(sql`insert into question_evaluations (user_id, question_id, rating, stability,
      difficulty, reps, lapses, state, scheduled_days, last_review, due_at)
    select ${userId}, s.question_id, 'good', 10, 5, 6,
      case when s.question_id % 13 = 0 then 8 else s.question_id % 4 end, 2, 10,
      s.last_answered_at, now() + ((s.question_id * 7919) % 60 - 20) * interval '1 day'
    from (select question_id, max(created_at) as last_answered_at from question_answer_history
      where user_id = ${userId} group by question_id) s`);
  await db.execute(sql`analyze question_evaluations`);
}

async function startServer(
  env: NodeJS.ProcessEnv,
  workers: number,
  extraArgs: string[] = [],
): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = [
    ...startFlags,
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ...extraArgs,
  ];
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
    env: { ...env, PORT: String(API_PORT), HOST: '127.0.0.1', WORKERS: String(workers) },
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
  /** The fastest request, ms. */
  best: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** One request of a route's rotation. */
interface Req {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** wrk from Debian's packages: installed on first use. */
function ensureWrk(): void {
  if (spawnSync('wrk', ['--version']).error === undefined) return;
  console.log('Installing wrk (apt-get)…');
  const install = spawnSync(
    'sh',
    ['-c', 'apt-get install -y -qq wrk || (apt-get update -qq && apt-get install -y -qq wrk)'],
    {
      stdio: 'inherit',
    },
  );
  if (install.status !== 0) throw new Error('wrk is needed: apt-get install wrk');
}

const lua = (text: string) => `[==[${text}]==]`;

/** A request as a wrk script's table: method, path, headers, body. */
function luaRequest(r: Req): string {
  const headers = Object.entries(r.headers ?? {})
    .map(([k, v]) => `[ ${lua(k)} ] = ${lua(v)}`)
    .join(',');
  return `{${lua(r.method ?? 'GET')},${lua(r.path)},{${headers}},${r.body === undefined ? 'nil' : lua(r.body)}}`;
}

/** wrk threads (`-t`): each runs its own copy of the script. */
const threadsFor = (conns: number) => Math.min(2, conns);

/** Prints a run's figures as JSON, read back by `measure`. */
const WRK_DONE = `
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"min_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency.min, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end`;

/**
 * A wrk script that cycles through the given requests (each thread from its own offset) and
 * prints the figures as JSON at the end.
 */
function wrkScript(requests: Req[]): string {
  return `
local reqs = {${requests.map(luaRequest).join(',\n')}}
local n = 0
local threads = {}
function setup(thread) thread:set("offset", #threads * 7919); table.insert(threads, thread) end
function init(args) n = offset or 0 end
function request()
  n = n + 1
  local r = reqs[(n % #reqs) + 1]
  return wrk.format(r[1], r[2], r[3], r[4])
end${WRK_DONE}`;
}

/** One learner's requests, and the sessions whose id their responses carry (`"session":N`). */
interface LearnerRequests {
  sessions: number[];
  requests: Req[];
}

/**
 * A wrk script in which no learner ever has two requests in flight, as a learner answers one
 * question at a time: a response frees the learner its session id names, and the connection's
 * next request is the next of the learner freed first (at the start, each thread takes its
 * own learners, one per connection). Needs a learner per connection.
 */
function learnerScript(learners: LearnerRequests[], conns: number): string {
  const threads = threadsFor(conns);
  if (learners.length < conns) throw new Error('learnerScript: a learner per connection');
  const owner = learners.flatMap((l, i) => l.sessions.map((s) => `[${s}]=${i + 1}`));
  return `
local learners = {${learners.map((l) => `{${l.requests.map(luaRequest).join(',\n')}}`).join(',\n')}}
local learnerOf = {${owner.join(',')}}
local threads = {}
local unused, free, first, last, sent = 0, {}, 1, 0, {}
function setup(thread) thread:set("index", #threads); table.insert(threads, thread) end
function init(args) unused = index + 1 end
function request()
  local l
  if first <= last then
    l = free[first]; free[first] = nil; first = first + 1
  else
    -- A response that named no learner (an error) left one in flight: take another.
    l = unused; unused = unused + ${threads}
    if unused > #learners then unused = index + 1 end
  end
  sent[l] = (sent[l] or 0) + 1
  local list = learners[l]
  local r = list[(sent[l] % #list) + 1]
  return wrk.format(r[1], r[2], r[3], r[4])
end
function response(status, headers, body)
  local l = learnerOf[tonumber(body:match('"session":(%d+)') or -1)]
  if l then last = last + 1; free[last] = l end
end${WRK_DONE}`;
}

function measure(
  route: string,
  url: string,
  requests: Req[] | { perLearner: LearnerRequests[] },
  seconds = duration,
  conns = connections,
): Figures {
  // One script per route, kept after the run: `wrk -s` replays a route by hand while profiling.
  const slug = route
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const script = path.join(os.tmpdir(), `qbank-bench-${slug}.lua`);
  fs.writeFileSync(
    script,
    Array.isArray(requests) ? wrkScript(requests) : learnerScript(requests.perLearner, conns),
  );
  const out = spawnSync(
    'wrk',
    [
      `-t${threadsFor(conns)}`,
      `-c${conns}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      url,
    ],
    { encoding: 'utf8' },
  );
  const line = out.stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk failed: ${out.stderr || out.stdout}`);
  const f = JSON.parse(line.slice('WRK_JSON '.length)) as Record<string, number>;
  return {
    route,
    rps: f.requests! / (f.duration_us! / 1e6),
    best: Math.round(f.min_us! / 100) / 10,
    p50: Math.round(f.p50_us! / 100) / 10,
    p99: Math.round(f.p99_us! / 100) / 10,
    errors: f.errors!,
    non2xx: f.non2xx!,
  };
}

/**
 * Every combination of learner, course and n (pages, answer keys…), with the learner's token;
 * a learner's requests side by side, or with `apart` every learner's first course before any
 * second one (consecutive requests, those in flight together, are then all different learners).
 */
function rotating(
  learners: Learner[],
  build: (l: Learner, course: number, n: number) => Req,
  perCourse = pages,
  apart = false,
): Req[] {
  const out: Req[] = [];
  const add = (l: Learner, course: number, n: number) => {
    const r = build(l, course, n);
    out.push({ ...r, headers: { ...r.headers, authorization: `Token ${l.token}` } });
  };
  for (let n = 0; n < perCourse; n++) {
    if (apart) {
      for (const k of [0, 1]) for (const l of learners) add(l, l.courses[k]!, n);
    } else {
      for (const l of learners) for (const course of l.courses) add(l, course, n);
    }
  }
  return out;
}

/** `every` requests of `main`, then one of `other`, and so on (each list cycling). */
function interleave(main: Req[], other: Req[], every: number): Req[] {
  const out: Req[] = [];
  const rounds = Math.max(Math.ceil(main.length / every), other.length);
  for (let i = 0; i < rounds; i++) {
    for (let k = 0; k < every; k++) out.push(main[(i * every + k) % main.length]!);
    out.push(other[i % other.length]!);
  }
  return out;
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
  ensureWrk();
  const { env, reuse, kind } = await benchEnvironment();
  console.log(`Bench database: ${env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'}`);
  if (reuse) console.log('Reusing the data generated by a previous run (--fresh to regenerate).');
  if (!reuse) {
    fs.rmSync(markerFile(kind), { force: true });
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
    fs.writeFileSync(markerFile(kind), dataParams);
  }
  const database = await openBenchDatabase(env);
  const { small: learners, large, answering } = await prepareLearners(database);
  const keys = await answerKeys(database, [
    ...new Set([...learners, ...large, ...answering].flatMap((l) => l.courses)),
  ]);
  const heavyToken = await prepareHeavyLearner(database);
  await database.close();

  const counts = workerCounts(kind);
  const runs: { workers: number; figures: Figures[]; sample: Buffer }[] = [];
  for (const workers of counts) {
    console.log(`\n== Server with ${workers} worker${workers > 1 ? 's' : ''}`);
    await settleDatabase(env);
    runs.push({
      workers,
      ...(await benchRoutes(env, workers, { learners, large, answering }, heavyToken, keys)),
    });
  }

  const ceiling = await startCeiling(runs[0]!.sample);
  // The same request generator as the question page, so both sides pay the same client work.
  const page = rotating(learners, (_l, course, n) => ({
    path: `/api/questns/?course=${course}&page=${(n % pages) + 1}`,
  }));
  const bare = measure('bare node:http ceiling', `http://127.0.0.1:${CEILING_PORT}`, page);
  ceiling.kill();
  const loadBefore = os.loadavg()[0]!.toFixed(1);

  console.log(
    `\nwrk, 2 threads, ${connections} connections, ${duration} s per route, ${LEARNERS} learners rotating over 2 courses and pages 1–${pages}; answers from ${ANSWERING} other learners, one in flight each`,
  );
  // wrk adds samples for requests slower than twice the mean interval per connection (its
  // coordinated-omission correction, decision 042): one long stall shows as a large p99.
  console.log('p50 and p99 as wrk reports them, after its coordinated-omission correction');
  // A shared machine moves every figure: its load says how much (decision 042).
  console.log(`Machine: ${os.availableParallelism()} cores, load average ${loadBefore} (1 min)`);
  for (const run of runs) {
    console.log(`\n${run.workers} worker${run.workers > 1 ? 's' : ''} (WORKERS=${run.workers})\n`);
    console.log('| route | req/s | p50 ms | p99 ms | errors | non-2xx | share of ceiling |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const f of [...run.figures, bare]) {
      console.log(
        `| ${f.route} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.non2xx} | ${(f.rps / bare.rps).toFixed(3)} |`,
      );
    }
  }
  if (runs.length > 1) {
    console.log(`\nreq/s by worker count (machine: ${os.availableParallelism()} cores)\n`);
    console.log(`| route | ${runs.map((r) => `${r.workers} worker(s)`).join(' | ')} |`);
    console.log(`|---|${runs.map(() => '---:').join('|')}|`);
    runs[0]!.figures.forEach((f, i) => {
      console.log(`| ${f.route} | ${runs.map((r) => r.figures[i]!.rps.toFixed(0)).join(' | ')} |`);
    });
  }
  await profileWarmPage(env, page);
}

/**
 * VACUUM ANALYZE before a server run: the data is reused between runs and every run's answers
 * leave dead card, session and statistics rows behind, which a server without autovacuum (this
 * machine's) keeps; the queue read 3× slower after a few runs. A production server vacuums.
 */
async function settleDatabase(env: NodeJS.ProcessEnv): Promise<void> {
  const started = Date.now();
  const database = await openBenchDatabase(env);
  try {
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
  console.log(`VACUUM ANALYZE: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The worker counts asked for; PGlite (one process's database) runs at 1 only. */
function workerCounts(kind: string): number[] {
  const counts = [...new Set(options.workers.split(',').map((n) => Number(n.trim())))];
  if (counts.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--workers: e.g. 1,2');
  if (kind === 'pglite' && counts.some((n) => n > 1)) {
    console.log('PGlite is one process’s database: 1 worker only (set DATABASE_URL for more).');
    return [1];
  }
  return counts;
}

/**
 * Reads the question pages until their rate stops rising (less than 10 % over the round
 * before), so that every worker has loaded the pages into its own caches before anything is
 * measured: each worker starts cold, and a fixed 5 s left the second of two still loading.
 */
function warmUp(api: string, page: Req[]): void {
  const ROUND_S = 3;
  const MAX_ROUNDS = 8;
  const rates: number[] = [];
  do rates.push(Math.round(measure('warm-up', api, page, ROUND_S).rps));
  while (rates.length < MAX_ROUNDS && (rates.length < 2 || rates.at(-1)! > 1.1 * rates.at(-2)!));
  console.log(`Warmed up: ${rates.length} rounds of ${ROUND_S} s, page req/s ${rates.join(' → ')}`);
}

/**
 * Measures a route and prints what one request cost the server's processes (every worker) and
 * the PostgreSQL backends of the bench database, in CPU time (issue 31: where the time goes).
 */
async function measureWithCpu(
  server: ChildProcess,
  env: NodeJS.ProcessEnv,
  run: () => Figures,
): Promise<Figures> {
  const url = env.DATABASE_URL;
  const backends = url ? await backendsOf(url) : [];
  const node = readCpu(processTree(server.pid!));
  const postgres = readCpu(backends);
  const figures = run();
  const nodeSeconds = cpuSecondsBetween(node, readCpu(processTree(server.pid!)));
  const after = url ? await backendsOf(url) : [];
  const pgSeconds = cpuSecondsBetween(postgres, readCpu([...new Set([...backends, ...after])]));
  const requests = figures.rps * duration;
  const perRequest = (seconds: number) => `${((seconds / requests) * 1e6).toFixed(0)} µs`;
  console.log(
    `${figures.route}: CPU per request, Node ${perRequest(nodeSeconds)}` +
      (url ? `, PostgreSQL ${perRequest(pgSeconds)}` : ' (PGlite runs inside Node)'),
  );
  return figures;
}

/** Starts the server with `workers` workers, measures every route, stops it. */
async function benchRoutes(
  env: NodeJS.ProcessEnv,
  workers: number,
  { learners, large, answering }: Record<'learners' | 'large' | 'answering', Learner[]>,
  heavyToken: string,
  keys: Awaited<ReturnType<typeof answerKeys>>,
): Promise<{ figures: Figures[]; sample: Buffer }> {
  const server = await startServer(env, workers);
  const api = `http://127.0.0.1:${API_PORT}`;
  try {
    const sample = await get(
      `${api}/api/questns/?course=${learners[0]!.courses[0]}&page=2`,
      learners[0]!.token,
    );
    if (sample.status !== 200) throw new Error(`question page answered ${sample.status}`);
    console.log(`Question page body: ${(sample.body.length / 1024).toFixed(1)} KB (10 questions)`);

    const page = rotating(learners, (_l, course, n) => ({
      path: `/api/questns/?course=${course}&page=${(n % pages) + 1}`,
    }));
    warmUp(api, page);

    // The heavy learner's routes one request at a time, first: no backlog of a loaded route
    // behind them. Under load later, with the others.
    const heavy = (p: string): Req[] => [
      { path: p, headers: { authorization: `Token ${heavyToken}` } },
    ];
    const dashboardRoutes = [
      ['GET dashboard', '/api/dashboard/'],
      ['GET dashboard/what-next', '/api/dashboard/what-next/'],
      ['GET review/due (queue)', '/api/review/due/?tz_offset=0'],
      ['GET mistakes (shelf)', '/api/mistakes/'],
    ] as const;
    // Let the warm-up's last requests drain before timing one request at a time.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const dashboardAlone = dashboardRoutes.map(([name, p]) =>
      measure(`${name} (1 connection)`, api, heavy(p), Math.min(duration, 5), 1),
    );
    const firstUnanswered = (group: Learner[]) =>
      rotating(
        group,
        (l, course) => ({
          path: `/api/questns/first-unanswered/?course=${course}&session=${l.sessions.get(course)}&page_size=10`,
        }),
        1,
      );
    const resume = (group: Learner[]) =>
      rotating(group, () => ({ path: '/api/sessions-resume/' }), 1);

    const figures: Figures[] = [];
    figures.push(measure('GET questns (page, caller flags)', api, page));
    figures.push(
      measure(
        'GET questnstypes',
        api,
        rotating(learners, (_l, course) => ({ path: `/api/questnstypes/?course=${course}` }), 1),
      ),
    );
    const growth: [string, Figures, Figures][] = [];
    // Both groups start warm (their course state loaded once), so the ratio compares the
    // same work per request and not one group's first loads.
    for (const group of [learners, large]) {
      measure('warm-up', api, firstUnanswered(group), 2);
      measure('warm-up', api, resume(group), 2);
    }
    const first1 = measure('GET questns/first-unanswered', api, firstUnanswered(learners));
    const first10 = measure(
      'GET questns/first-unanswered (history ×10)',
      api,
      firstUnanswered(large),
    );
    const resume1 = measure('GET sessions-resume', api, resume(learners));
    const resume10 = measure('GET sessions-resume (history ×10)', api, resume(large));
    figures.push(first1, first10, resume1, resume10);
    growth.push(['first-unanswered', first1, first10], ['sessions-resume', resume1, resume10]);
    const answer = (l: Learner, course: number, n: number): Req => {
      const list = keys.get(course)!;
      const q = list[n % list.length]!;
      return {
        method: 'POST',
        path: '/api/session_questions/',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          session: l.sessions.get(course),
          question: q.question,
          choices: q.choices,
        }),
      };
    };
    const answers = (group: Learner[]) => rotating(group, answer, pages, true);
    // Each answering learner has one answer in flight (ANSWERING, `learnerScript`).
    const oneAnswerEach = (group: Learner[]) => ({
      perLearner: group.map((l) => ({
        sessions: [...l.sessions.values()],
        requests: rotating([l], answer, pages),
      })),
    });
    // The answering learners start warm too (their course state and cards loaded once), as
    // the readers do: the figure is steady answering, not their first loads (p99 ~110 ms).
    measure('warm-up', api, oneAnswerEach(answering), 2);
    figures.push(
      await measureWithCpu(server, env, () =>
        measure('POST session_questions (answer)', api, oneAnswerEach(answering)),
      ),
    );
    // What a busy bank looks like: pages read while other learners answer. Every answer
    // publishes an invalidation; the readers' caches must keep serving (decision 042).
    figures.push(
      measure(
        'GET questns + other learners answering (4 pages : 1 answer)',
        api,
        interleave(page, answers(answering), 4),
      ),
    );

    for (const [name, p] of dashboardRoutes)
      figures.push(measure(`${name} (${Number(options.heavy)} answers)`, api, heavy(p)));

    console.log("\nTime per request when a learner's history grows 10× (target ≤ 1.3):");
    for (const [route, one, ten] of growth) {
      console.log(
        `  ${route}: ${(one.rps / ten.rps).toFixed(2)}× (${one.rps.toFixed(0)} → ${ten.rps.toFixed(0)} req/s)`,
      );
    }
    console.log(
      `\nDashboard, review queue and mistakes shelf of a learner with ${Number(options.heavy)} answers, one request at a time (target: < 50 ms)`,
    );
    console.log('| route | req/s | best ms | p50 ms | p99 ms | errors | non-2xx |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const f of dashboardAlone) {
      console.log(
        `| ${f.route} | ${f.rps.toFixed(0)} | ${f.best} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.non2xx} |`,
      );
    }
    return { figures, sample: sample.body };
  } finally {
    await stopServer(server);
  }
}

async function stopServer(server: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** The monotonic clock in µs, the one V8's profiles are timed with on Linux. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Where a warm page's time goes: a 1-worker server under `--cpu-prof`, warmed up, then the page
 * at full load for `duration` s; only the samples of that window are summarized (issue 36).
 */
async function profileWarmPage(env: NodeJS.ProcessEnv, page: Req[]): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-bench-profile-'));
  const server = await startServer(env, 1, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  const api = `http://127.0.0.1:${API_PORT}`;
  let window: [number, number];
  let figures: Figures;
  try {
    warmUp(api, page);
    const from = monotonicUs();
    figures = measure('GET questns (page), profiled', api, page);
    window = [from, monotonicUs()];
  } finally {
    await stopServer(server);
  }
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  console.log(
    `\nWhere a warm page's time goes: CPU profile of the server (1 worker) over ${duration} s of the page at ${connections} connections (${figures.rps.toFixed(0)} req/s under the profiler)`,
  );
  if (!file) console.log('(the server wrote no profile)');
  else for (const line of summarizeProfile(path.join(dir, file), ...window)) console.log(line);
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
