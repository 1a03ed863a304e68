/** What other features call: the mistakes shelf's rows follow the answer history (decision 038). */
export {
  addToStreak,
  recountQuestionStreaks,
  recountStreak,
  REBUILD_STREAKS,
} from './streaks.repository';
