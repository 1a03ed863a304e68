import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  recordAnswerBatch,
  type AnswerInputRow,
  type CardInput,
  type RecordedAnswer,
} from './answer-batch.repository';
import { ANSWER_EFFECTS } from './effects/index';
import {
  answerReview,
  reviewAfterAnswer,
  type AnswerForReview,
} from './effects/review-cards.repository';
import { loadGuard } from '../../lib/cache';
import { answerCardContexts, rememberCardContext } from './answer-cards';
import type { CardContext } from '../cards/review-log.repository';

/**
 * Group commit for answers (decision 042). Answers that arrive while a batch is being written
 * wait and go together in the next one: one read of the cards not remembered from the learners'
 * last answers (`answer-cards.ts`; none when all are) and ONE statement (the history and every
 * effect's write, `effects/index.ts`, and notices to the other instances), so one commit for all.
 * Every answer is committed before its caller's promise resolves. An answer that arrives when
 * nothing is being written goes at once, alone: waiting never adds more than one batch.
 *
 * - One batch at a time per database handle: two batches of one instance never wait on each
 *   other's rows. (Two at a time, with no learner or question in both, made smaller batches
 *   and was no faster: decision 042.) The batches have a connection of their own
 *   (`executeOnOwnConnection`), and the next batch's statement goes out before the replies of
 *   the one just written are built: nothing queued in the process holds it back.
 * - A batch holds at most one answer per learner: no two of its rows meet on a learner's key
 *   (an upsert cannot touch a row twice in one statement), and a learner's answers are written
 *   in the order they came. The others wait for the next batch, first in line. Learners who
 *   answer the same question go together: its peer figures are summed per batch.
 * - A failed batch is written again answer by answer, so one bad answer (a session deleted
 *   meanwhile, a deadlock with another instance) fails alone.
 */

/** The effects' writes of the batch statement, in a fixed order: its text never changes. */
const WRITES: SQL[] = ANSWER_EFFECTS.flatMap((effect) => (effect.apply ? [effect.apply] : []));

/** Bounds a statement's size; at 32 concurrent learners a batch holds at most 32. */
const MAX_BATCH = 64;

export type AnswerRow = Omit<AnswerInputRow, 'ord' | keyof CardInput>;

/**
 * One caller's answers: one answer, or a learner's whole sitting (`writeMany`, distinct
 * questions), which always goes in one batch and so in one statement.
 */
interface Pending {
  userId: number;
  rows: AnswerRow[];
  reviews: AnswerForReview[];
  resolve: (recorded: RecordedAnswer[]) => void;
  reject: (error: unknown) => void;
}

class AnswerBatches {
  private queue: Pending[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  /** Records the answer with the others waiting, then reschedules its card if that is left. */
  async write(row: AnswerRow, review: AnswerForReview): Promise<RecordedAnswer> {
    return (await this.writeMany([row], [review]))[0]!;
  }

  /**
   * Records one learner's answers to distinct questions together (an exam sitting's close):
   * one statement for all, in the next batch, answered in their order.
   */
  writeMany(rows: AnswerRow[], reviews: AnswerForReview[]): Promise<RecordedAnswer[]> {
    const userId = rows[0]?.user_id;
    if (userId === undefined) return Promise.resolve([]);
    if (rows.some((r) => r.user_id !== userId))
      throw new Error('writeMany records the answers of one learner.');
    if (new Set(rows.map((r) => r.question_id)).size !== rows.length)
      throw new Error('writeMany records one answer per question.');
    return new Promise((resolve, reject) => {
      this.queue.push({ userId, rows, reviews, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    const batch = this.take();
    void this.writeBatch(batch)
      .catch((error: unknown) => () => batch.forEach((pending) => pending.reject(error)))
      .then((answerCallers) => {
        this.writing = false;
        // The next batch's statement goes out before this batch's replies are built and sent.
        this.next();
        answerCallers();
      });
  }

  /**
   * The oldest waiting callers of different learners, up to MAX_BATCH answers (a sitting larger
   * than that goes alone).
   */
  private take(): Pending[] {
    const users = new Set<number>();
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    let size = 0;
    for (const pending of this.queue) {
      const user = pending.userId;
      const fits = batch.length === 0 || size + pending.rows.length <= MAX_BATCH;
      if (fits && !users.has(user)) {
        batch.push(pending);
        users.add(user);
        size += pending.rows.length;
      } else {
        rest.push(pending);
      }
    }
    this.queue = rest;
    return batch;
  }

  /** Writes a batch; resolves with what answers its callers (a failed answer is rejected). */
  private async writeBatch(batch: Pending[]): Promise<() => void> {
    let written: Awaited<ReturnType<typeof recordBatch>>;
    try {
      written = await recordBatch(this.db, batch);
    } catch (error) {
      if (batch.length === 1) return () => batch[0]!.reject(error);
      for (const pending of batch) (await this.writeBatch([pending]))();
      return () => {};
    }
    let next = 0;
    return () =>
      batch.forEach((pending) => {
        const mine = written.slice(next, (next += pending.rows.length));
        // Not awaited: the next batch need not wait for a card written on its own.
        const after = Promise.all(
          mine.map((w, i) =>
            w.cardLeft ? reviewAfterAnswer(this.db, pending.reviews[i]!) : undefined,
          ),
        );
        after.then(() => pending.resolve(mine.map((w) => w.recorded)), pending.reject);
      });
  }
}

/**
 * Reads the batch's cards (those not remembered from the learners' last answers), decides each
 * answer's card write from its card as read, runs the batch statement and remembers the cards
 * it wrote. `cardLeft`: the card is rescheduled after the statement (a case's last question,
 * or a card another request rescheduled since it was read).
 */
async function recordBatch(db: Db, batch: Pending[]) {
  const guard = loadGuard(db);
  const answers = batch.flatMap((p) => p.rows.map((row, i) => ({ row, review: p.reviews[i]! })));
  const pairs = answers.map((a) => ({ userId: a.row.user_id, questionId: a.row.question_id }));
  // Not awaited when all are remembered: the statement then goes out in this same tick.
  const known = answerCardContexts(db, pairs);
  const contexts = Array.isArray(known) ? known : await known;
  const reviews = answers.map((a, i) => answerReview(contexts[i]!, a.review));
  // Object.assign, not spreads: rest and spread properties made this the batch's costliest line.
  const rows = answers.map((a, i): AnswerInputRow => {
    const review = reviews[i]!;
    return Object.assign({ ord: i }, a.row, review.kind === 'write' ? review.card : undefined);
  });
  const recorded = await recordAnswerBatch(db, rows, WRITES);
  if (recorded.length !== answers.length)
    throw new Error('An answer of the batch was not recorded.');
  return recorded.map((r, i) => {
    const review = reviews[i]!;
    rememberCardContext(db, guard, pairs[i]!, nextContext(contexts[i]!, review, r.cardVersion));
    const cardLeft = review.kind === 'after' || (review.kind === 'write' && !r.cardVersion);
    return { recorded: r, cardLeft };
  });
}

/**
 * What the pair's next answer may start from: the card this answer wrote, at its new version;
 * undefined when the write was refused (the card had changed). A case's card is not used from
 * it (the case is graded from a fresh read when it ends).
 */
function nextContext(
  context: CardContext,
  review: ReturnType<typeof answerReview>,
  cardVersion: string | null,
): CardContext | undefined {
  if (review.kind !== 'write') return context;
  return cardVersion ? { ...context, card: review.next, cardVersion } : undefined;
}

const batchesByDb = new WeakMap<Db, AnswerBatches>();

/** The answer batches of a database handle. */
export function answerBatches(db: Db): AnswerBatches {
  let batches = batchesByDb.get(db);
  if (!batches) batchesByDb.set(db, (batches = new AnswerBatches(db)));
  return batches;
}
