/** What other features call: the mistakes shelf's rows follow the answer history (decision 038). */
export {
  recountQuestionStreaks,
  recountStreak,
  REBUILD_STREAKS,
  STREAK_WRITES,
} from './streaks.repository';
