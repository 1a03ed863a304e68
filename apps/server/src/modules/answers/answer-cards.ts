import type { Db } from '../../db/client';
import { cachesReady, defineCache, type LoadGuard } from '../../lib/cache';
import { cardContexts, type CardContext, type CardPair } from '../cards/review-log.repository';

/**
 * The cards answers reschedule, remembered from one answer to the next (decision 042): a batch
 * whose cards are all known skips reading them, and its answers cost one round trip.
 *
 * Safe by construction: a remembered card is only ever the base of the next answer's card
 * write, and the batch statement writes it only if the stored card is still the version
 * remembered (its xmin); otherwise the answer's card is rescheduled from the stored one
 * (`cardLeft`) and forgotten here. Nothing a learner reads comes from this cache.
 * The rest of an entry (review settings, the question's clinical case) follows the rule of
 * `lib/cache.ts`: the learner's `user` events drop theirs, content and `all` events drop all.
 * An answer's `progress` event keeps them (the batch has just remembered what it wrote),
 * unless another instance published it: that instance wrote the card.
 */
const answerCards = defineCache<string, CardContext>('answer-cards', {
  limit: 50_000,
  ttlMs: 5 * 60_000,
  userOf: (key) => Number(key.slice(0, key.indexOf(':'))),
  onEvent(cache, event) {
    if (event.kind === 'user' || (event.kind === 'progress' && event.remote)) {
      cache.deleteUser(event.userId);
    } else if (event.kind !== 'progress') {
      cache.clear();
    }
  },
});

const keyOf = ({ userId, questionId }: CardPair) => `${userId}:${questionId}`;

/**
 * The card contexts of `pairs`, in their order: the remembered ones, one read for the rest
 * (a promise only when there is a read).
 */
export function answerCardContexts(
  db: Db,
  pairs: CardPair[],
): CardContext[] | Promise<CardContext[]> {
  const cache = answerCards.of(db);
  const ready = cachesReady(db);
  const now = Date.now();
  const known = pairs.map((pair) => (ready ? cache.get(keyOf(pair), now) : undefined));
  const missing = pairs.filter((_pair, i) => known[i] === undefined);
  if (missing.length === 0) return known as CardContext[];
  return cardContexts(db, missing).then((read) => {
    let next = 0;
    return known.map((context) => context ?? read[next++]!);
  });
}

/**
 * After a batch: the context the pair's next answer starts from (its card as just written, with
 * its new version), or undefined to forget it. Kept only if no event about the learner arrived
 * since `guard` was taken, before the batch read what it remembers; their answers on this
 * instance do not count (each remembered its own card, and the card's version settles which is
 * stored): a learner with two answers in flight, in two tabs, keeps the cards of both.
 */
export function rememberCardContext(
  db: Db,
  guard: LoadGuard,
  pair: CardPair,
  context: CardContext | undefined,
): void {
  const cache = answerCards.of(db);
  if (context && guard.keepAnsweredFor(pair.userId)) cache.set(keyOf(pair), context);
  else cache.delete(keyOf(pair));
}
