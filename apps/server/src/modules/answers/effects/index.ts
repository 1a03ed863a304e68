import type { AnswerEffect } from './effect';
import { learnerStatsEffect } from './learner-stats.repository';
import { paperAnswersEffect } from './paper-answers.repository';
import { peerStatsEffect } from './peer-stats.repository';
import { reviewCardsEffect } from './review-cards.repository';
import { sessionAnswersEffect } from './session-answers.repository';
import { streaksEffect } from './streaks.repository';

/**
 * THE list of what an answer changes (decision 049). Recording, deleting a history entry,
 * re-scoring after a key change, forgetting a learner and rebuilding all walk it; a new effect
 * is one line here and one file beside it. The order is the batch statement's (fixed text).
 */
export const ANSWER_EFFECTS: readonly AnswerEffect[] = [
  streaksEffect,
  reviewCardsEffect,
  learnerStatsEffect,
  peerStatsEffect,
  sessionAnswersEffect,
  paperAnswersEffect,
];

export type { AnswerEffect, AnswerScope, KeyChange } from './effect';
