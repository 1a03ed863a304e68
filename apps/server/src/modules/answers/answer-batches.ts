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

interface Pending {
  row: AnswerRow;
  review: AnswerForReview;
  resolve: (recorded: RecordedAnswer) => void;
  reject: (error: unknown) => void;
}

class AnswerBatches {
  private queue: Pending[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  /** Records the answer with the others waiting, then reschedules its card if that is left. */
  write(row: AnswerRow, review: AnswerForReview): Promise<RecordedAnswer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, review, resolve, reject });
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

  /** The oldest waiting answers of different learners, up to MAX_BATCH. */
  private take(): Pending[] {
    const users = new Set<number>();
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    for (const pending of this.queue) {
      const user = pending.row.user_id;
      if (batch.length < MAX_BATCH && !users.has(user)) {
        batch.push(pending);
        users.add(user);
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
    return () =>
      batch.forEach((pending, i) => {
        const { recorded, cardLeft } = written[i]!;
        // Not awaited: the next batch need not wait for a card written on its own.
        const after = cardLeft ? reviewAfterAnswer(this.db, pending.review) : Promise.resolve();
        after.then(() => pending.resolve(recorded), pending.reject);
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
  const pairs = batch.map((p) => ({ userId: p.row.user_id, questionId: p.row.question_id }));
  // Not awaited when all are remembered: the statement then goes out in this same tick.
  const known = answerCardContexts(db, pairs);
  const contexts = Array.isArray(known) ? known : await known;
  const reviews = batch.map((p, i) => answerReview(contexts[i]!, p.review));
  // Object.assign, not spreads: rest and spread properties made this the batch's costliest line.
  const rows = batch.map((p, i): AnswerInputRow => {
    const review = reviews[i]!;
    return Object.assign({ ord: i }, p.row, review.kind === 'write' ? review.card : undefined);
  });
  const recorded = await recordAnswerBatch(db, rows, WRITES);
  if (recorded.length !== batch.length) throw new Error('An answer of the batch was not recorded.');
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
